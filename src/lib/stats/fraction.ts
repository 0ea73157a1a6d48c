/** An exact ratio n/d with d > 0, so standings compare without float error. */
export interface Fraction {
  n: number;
  d: number;
}

/** n/d, or 0 when d is 0 (a rate with no chances counts as nothing). */
export function fraction(n: number, d: number): Fraction {
  return d === 0 ? { n: 0, d: 1 } : d < 0 ? { n: -n, d: -d } : { n, d };
}

/** a − b. */
export function subtractFractions(a: Fraction, b: Fraction): Fraction {
  return { n: a.n * b.d - b.n * a.d, d: a.d * b.d };
}

/** Negative when a < b, 0 when equal, positive when a > b. */
export function compareFractions(a: Fraction, b: Fraction): number {
  return Math.sign(a.n * b.d - b.n * a.d);
}
