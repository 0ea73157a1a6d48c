import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { battingFractions, emptyBatting } from './batting.ts';
import {
  formatDecimal,
  formatEra,
  formatGamesBehind,
  formatInnings,
  formatInningsFraction,
  formatPct,
  formatRate,
  formatWhip,
} from './format.ts';
import { pitchingFractions } from './pitching.ts';

/**
 * Rational reference, written independently of formatDecimal: q = ⌊|n|·10^p / d⌋ with remainder r;
 * round up when the remainder is at least half of d (2r ≥ d); then place the point by padding.
 */
function reference(n: bigint, d: bigint, places: number): string {
  const negative = n < 0n !== d < 0n && n !== 0n;
  const a = n < 0n ? -n : n;
  const b = d < 0n ? -d : d;
  const scaled = a * 10n ** BigInt(places);
  let q = scaled / b;
  if (2n * (scaled - q * b) >= b) q += 1n;
  const digits = q.toString().padStart(places + 1, '0');
  const text =
    places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(digits.length - places)}`;
  return negative && q !== 0n ? `-${text}` : text;
}

/** The exact rational a decimal text stands for. */
function parse(text: string): { n: bigint; d: bigint } {
  const negative = text.startsWith('-');
  const [whole, decimals = ''] = text.replace('-', '').split('.');
  const n = BigInt(whole + decimals) * (negative ? -1n : 1n);
  return { n, d: 10n ** BigInt(decimals.length) };
}

const counts = fc.integer({ min: 0, max: 100_000 });
const positive = fc.integer({ min: 1, max: 100_000 });

describe('formatDecimal', () => {
  it('agrees with the rational reference for any fraction of counts', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -100_000, max: 100_000 }),
        positive,
        fc.integer({ min: 0, max: 4 }),
        (n, d, places) => {
          expect(formatDecimal({ n, d }, places)).toBe(reference(BigInt(n), BigInt(d), places));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('is within half a unit of the last place, and exact halves go up', () => {
    fc.assert(
      fc.property(counts, positive, fc.integer({ min: 0, max: 4 }), (n, d, places) => {
        const shown = parse(formatDecimal({ n, d }, places));
        // shown − n/d as one fraction over shown.d · d
        const diff = shown.n * BigInt(d) - BigInt(n) * shown.d;
        const unit = shown.d * BigInt(d); // 10^places · d
        const twice = 2n * (diff < 0n ? -diff : diff);
        expect(twice <= unit).toBe(true);
        // Exactly half way: the shown value is the larger neighbour.
        if (twice === unit) expect(diff > 0n).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it('rounds the exact halves that floats get wrong', () => {
    // ERA of 3 earned runs over 13⅓ innings (40 outs), basis 7: 3 × 7 × 3 / 40 = 63/40 = 1.575.
    expect((63 / 40).toFixed(2)).toBe('1.57'); // the float 1.575 is 1.57499999…, so toFixed goes down
    expect(formatDecimal({ n: 63, d: 40 }, 2)).toBe('1.58');
    // AVG 3 hits in 16 at-bats: 3/16 = 0.1875 exactly → 0.188 (half-up).
    expect(formatDecimal({ n: 3, d: 16 }, 3)).toBe('0.188');
    // 1/16 = 0.0625 → 0.063; 5/8 = 0.625 at 2 places → 0.63.
    expect(formatDecimal({ n: 1, d: 16 }, 3)).toBe('0.063');
    expect(formatDecimal({ n: 5, d: 8 }, 2)).toBe('0.63');
  });

  it('rounds halves of negatives away from zero and never writes -0', () => {
    expect(formatDecimal({ n: -1, d: 16 }, 3)).toBe('-0.063');
    expect(formatDecimal({ n: -1, d: 10_000 }, 3)).toBe('0.000');
    expect(formatDecimal({ n: 1, d: -4 }, 3)).toBe('-0.250');
  });

  it('keeps huge career counts exact', () => {
    const n = 2 ** 52 + 1;
    expect(formatDecimal({ n, d: 1 }, 1)).toBe(`${BigInt(n)}.0`);
  });
});

describe('formatRate', () => {
  it('writes rates KBO style, with the leading zero', () => {
    // 8 hits in 9 at-bats: 8/9 = 0.8888… → 0.889.
    expect(formatRate({ n: 8, d: 9 })).toBe('0.889');
    expect(formatRate({ n: 1, d: 3 })).toBe('0.333');
    expect(formatRate({ n: 2, d: 3 })).toBe('0.667');
    expect(formatRate({ n: 0, d: 5 })).toBe('0.000');
    expect(formatRate({ n: 1, d: 1 })).toBe('1.000');
  });

  it('rounds 0.9995 and up to 1.000', () => {
    // 1999/2000 = 0.9995 → 1.000; 1998/2000 = 0.999.
    expect(formatRate({ n: 1999, d: 2000 })).toBe('1.000');
    expect(formatRate({ n: 1998, d: 2000 })).toBe('0.999');
  });

  it("writes '-' when there were no chances", () => {
    expect(formatRate(null)).toBe('-');
    expect(formatRate(undefined)).toBe('-');
    expect(formatRate(battingFractions(emptyBatting()).avg)).toBe('-');
  });

  it('formats OPS as the exact sum of OBP and SLG', () => {
    // 10 AB, 3 H (all singles), 0 BB: OBP = 3/10, SLG = 3/10; OPS = 6/10 = 0.600.
    // 6 AB, 1 H, 1 BB, 1 SF: OBP = 2/8 = 0.25, SLG = 1/6; OPS = 1/4 + 1/6 = 5/12 = 0.41666… → 0.417.
    const line = { ...emptyBatting(), ab: 6, h: 1, bb: 1, sf: 1 };
    expect(formatRate(battingFractions(line).ops)).toBe('0.417');
  });
});

describe('formatPct', () => {
  it('writes like a rate', () => {
    expect(formatPct({ n: 7, d: 10 })).toBe('0.700');
    expect(formatPct({ n: 1, d: 1 })).toBe('1.000');
    expect(formatPct(null)).toBe('-');
  });
});

describe('formatEra and formatWhip', () => {
  it('use two decimals from the exact fraction', () => {
    // 1 ER in 3 innings (9 outs), basis 7: 3 × 1 × 7 / 9 = 21/9 = 2.333… → 2.33.
    expect(formatEra(pitchingFractions({ outs: 9, er: 1, bb: 0, h: 0 }, 7).era)).toBe('2.33');
    // 3 ER in 13⅓ innings (40 outs): 63/40 = 1.575 → 1.58 (toFixed would say 1.57).
    expect(formatEra(pitchingFractions({ outs: 40, er: 3, bb: 0, h: 0 }, 7).era)).toBe('1.58');
    // 5 H + 0 BB in 4 innings (12 outs): WHIP = 3 × 5 / 12 = 1.25.
    expect(formatWhip(pitchingFractions({ outs: 12, er: 0, bb: 0, h: 5 }, 7).whip)).toBe('1.25');
    expect(formatEra({ n: 0, d: 3 })).toBe('0.00');
    expect(formatEra({ n: 21, d: 2 })).toBe('10.50');
  });

  it("writes '-' with nothing to show and '∞' for runs without an out", () => {
    expect(formatEra(pitchingFractions({ outs: 0, er: 0, bb: 0, h: 0 }).era)).toBe('-');
    expect(formatEra(pitchingFractions({ outs: 0, er: 2, bb: 0, h: 0 }).era)).toBe('∞');
    expect(formatWhip(pitchingFractions({ outs: 0, er: 0, bb: 1, h: 0 }).whip)).toBe('∞');
    expect(formatEra(null)).toBe('-');
  });
});

describe('formatGamesBehind', () => {
  it("writes '-' for a team level with the leader and one decimal otherwise", () => {
    expect(formatGamesBehind(0)).toBe('-');
    expect(formatGamesBehind(1.5)).toBe('1.5');
    expect(formatGamesBehind(2)).toBe('2.0');
    expect(formatGamesBehind(0.5)).toBe('0.5');
    expect(formatGamesBehind(-0.5)).toBe('-0.5');
    expect(formatGamesBehind(null)).toBe('-');
  });
});

describe('innings', () => {
  it('writes thirds where people read them', () => {
    expect(formatInningsFraction(20)).toBe('6⅔');
    expect(formatInningsFraction(19)).toBe('6⅓');
    expect(formatInningsFraction(21)).toBe('7');
    expect(formatInningsFraction(1)).toBe('⅓');
    expect(formatInningsFraction(2)).toBe('⅔');
    expect(formatInningsFraction(0)).toBe('0');
    expect(formatInningsFraction(-1)).toBe('-');
  });

  it('writes scorebook style for machines (CSV)', () => {
    expect(formatInnings(20)).toBe('6.2');
    expect(formatInnings(19)).toBe('6.1');
    expect(formatInnings(21)).toBe('7.0');
    expect(formatInnings(1)).toBe('0.1');
    expect(formatInnings(0)).toBe('0.0');
    expect(formatInnings(2.5)).toBe('-');
  });
});
