import { describe, expect, it } from 'vitest';
import { columnTotal, runsTotal } from './record-totals.ts';

describe('record totals', () => {
  it('adds a column, blanks as zero', () => {
    expect(columnTotal([{ h: 2 }, { h: undefined }, { h: 1 }], 'h')).toBe(3);
    expect(columnTotal([{ h: '2' }, { h: '' }, { h: 'x' }], 'h')).toBe(2);
    expect(columnTotal(undefined, 'h')).toBe(0);
  });

  it('adds runs with a skipped last bottom half', () => {
    expect(runsTotal([1, 0, 2, null])).toBe(3);
  });
});
