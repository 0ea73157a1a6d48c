import { describe, expect, it } from 'vitest';
import { compareFractions, fraction, subtractFractions } from './fraction.ts';

describe('fraction', () => {
  it('treats a zero denominator as 0 and keeps the denominator positive', () => {
    expect(fraction(5, 0)).toEqual({ n: 0, d: 1 });
    expect(fraction(1, -2)).toEqual({ n: -1, d: 2 });
  });

  it('compares exactly where floats would not', () => {
    // 4/14 − 5/14 and 3/14 − 4/14 are both −1/14, but differ in the last bit as floats.
    expect(4 / 14 - 5 / 14).not.toBe(3 / 14 - 4 / 14);
    const a = subtractFractions(fraction(4, 14), fraction(5, 14));
    const b = subtractFractions(fraction(3, 14), fraction(4, 14));
    expect(compareFractions(a, b)).toBe(0);
  });

  it('orders', () => {
    expect(compareFractions(fraction(2, 3), fraction(3, 5))).toBe(1);
    expect(compareFractions(fraction(1, 3), fraction(1, 2))).toBe(-1);
  });
});
