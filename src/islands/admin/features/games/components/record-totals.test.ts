import { describe, expect, it } from 'vitest';
import { columnTotal, inningsText, outsFromInnings, runsTotal } from './record-totals.ts';

describe('record totals', () => {
  it('adds a column, blanks as zero', () => {
    expect(columnTotal([{ h: 2 }, { h: undefined }, { h: 1 }], 'h')).toBe(3);
    expect(columnTotal(undefined, 'h')).toBe(0);
  });

  it('adds runs with a skipped last bottom half', () => {
    expect(runsTotal([1, 0, 2, null])).toBe(3);
  });

  it('prints innings from outs and reads them back', () => {
    expect(inningsText(20)).toBe('6.2');
    expect(inningsText(21)).toBe('7.0');
    expect(outsFromInnings('6.2')).toBe(20);
    expect(outsFromInnings('6⅔')).toBe(20);
    expect(outsFromInnings('7')).toBe(21);
    expect(outsFromInnings('6.3')).toBeNull();
  });
});
