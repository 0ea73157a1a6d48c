/**
 * An exact ratio n/d of integers, so rates compare and round without float error. d > 0, except
 * for a rate that is infinite (earned runs or runners allowed without an out): d = 0 and n > 0.
 */
export interface Fraction {
  n: number;
  d: number;
}

/** n/d, or 0 when d is 0 (a rate with no chances counts as nothing). */
export function fraction(n: number, d: number): Fraction {
  return d === 0 ? { n: 0, d: 1 } : d < 0 ? { n: -n, d: -d } : { n, d };
}

/** n/d, or null when d is 0 (a rate with no chances is undefined and shows '-'). */
export function ratio(n: number, d: number): Fraction | null {
  return d === 0 ? null : fraction(n, d);
}

/** a + b. */
export function addFractions(a: Fraction, b: Fraction): Fraction {
  return { n: a.n * b.d + b.n * a.d, d: a.d * b.d };
}

/** a − b. */
export function subtractFractions(a: Fraction, b: Fraction): Fraction {
  return { n: a.n * b.d - b.n * a.d, d: a.d * b.d };
}

/** Negative when a < b, 0 when equal, positive when a > b. */
export function compareFractions(a: Fraction, b: Fraction): number {
  return Math.sign(a.n * b.d - b.n * a.d);
}

/**
 * The number nearest to a fraction: one correctly rounded division of two exact integers, so equal
 * fractions always give equal numbers and the order of numbers never contradicts the fractions.
 */
export function fractionValue(f: Fraction | null): number | null {
  if (f === null) return null;
  if (f.d === 0) return f.n > 0 ? Infinity : null;
  return f.n / f.d;
}
