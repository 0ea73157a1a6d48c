import { describe, expect, it } from 'vitest';
import { formatInnings } from './format.ts';
import { outsToInnings, parseInnings } from './outs.ts';

describe('parseInnings', () => {
  it('reads scorebook innings as outs', () => {
    expect(parseInnings('6.2')).toBe(20);
    expect(parseInnings('0.1')).toBe(1);
    expect(parseInnings('7.0')).toBe(21);
    expect(parseInnings('7')).toBe(21);
    expect(parseInnings(' 12.1 ')).toBe(37);
  });

  it('rejects a third out after the dot and malformed input', () => {
    for (const bad of ['6.3', '6.', '.2', '6.10', '-1', '6,2', 'abc', '', '6.2.1', '1e2']) {
      expect(parseInnings(bad), bad).toBeNull();
    }
  });

  it('round-trips with formatInnings', () => {
    for (let outs = 0; outs < 40; outs++) expect(parseInnings(formatInnings(outs))).toBe(outs);
  });
});

describe('outsToInnings', () => {
  it('divides by three', () => {
    expect(outsToInnings(21)).toBe(7);
    expect(outsToInnings(20)).toBeCloseTo(6.6667, 4);
  });
});
