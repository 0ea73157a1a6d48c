import type { Fraction } from './fraction.ts';

/**
 * The one place figures become text, for the pages, the API's text fields and the CSV alike
 * (DESIGN.md §5): every rate is an exact fraction of integer counts, rounded half-up at display
 * precision (ERA 63/40 = 1.575 → 1.58, AVG 3/16 = 0.1875 → 0.188), never `toFixed` on a float,
 * whose binary value of 1.575 lies just below it and rounds down.
 */

/** n/d written with `places` decimals, half-up (half away from zero); leading zero kept (0.889). */
export function formatDecimal(value: Fraction, places: number): string {
  // BigInt: career counts times 10^places times 2 stay exact however large they grow.
  let n = BigInt(value.n);
  let d = BigInt(value.d);
  if (d === 0n) throw new RangeError('formatDecimal: zero denominator');
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const negative = n < 0n;
  const magnitude = negative ? -n : n;
  const scale = 10n ** BigInt(places);
  const scaled = (2n * magnitude * scale + d) / (2n * d);
  const whole = scaled / scale;
  const decimals = places > 0 ? `.${(scaled % scale).toString().padStart(places, '0')}` : '';
  const sign = negative && scaled > 0n ? '-' : '';
  return `${sign}${whole}${decimals}`;
}

function formatOrMark(rate: Fraction | null | undefined, places: number): string {
  if (rate === null || rate === undefined) return '-';
  if (rate.d === 0) return rate.n > 0 ? '∞' : '-';
  return formatDecimal(rate, places);
}

/** AVG, OBP, SLG, OPS with 3 decimals, KBO style (0.333, 1.000); '-' when there were no chances. */
export function formatRate(rate: Fraction | null | undefined): string {
  return formatOrMark(rate, 3);
}

/** Winning percentage, written like a rate (0.667). */
export function formatPct(rate: Fraction | null | undefined): string {
  return formatRate(rate);
}

/** ERA with 2 decimals (2.33); '-' with no outs and no runs, '∞' for earned runs without an out. */
export function formatEra(rate: Fraction | null | undefined): string {
  return formatOrMark(rate, 2);
}

/** WHIP with 2 decimals (1.25), same rules as ERA. */
export function formatWhip(rate: Fraction | null | undefined): string {
  return formatOrMark(rate, 2);
}

/** Games behind with one decimal (1.5, 2.0); '-' for a team level with the leader (GB 0). */
export function formatGamesBehind(gb: number | null | undefined): string {
  if (gb === null || gb === undefined || Number.isNaN(gb) || gb === 0) return '-';
  // GB is a whole number of half games, so 2·GB is an exact integer.
  return formatDecimal({ n: Math.round(gb * 2), d: 2 }, 1);
}

const FRACTIONS = ['', '⅓', '⅔'] as const;

/** Innings in scorebook style from outs, for CSV where a machine reads them: 20 → '6.2', 1 → '0.1', 21 → '7.0'. */
export function formatInnings(outs: number): string {
  if (!Number.isInteger(outs) || outs < 0) return '-';
  return `${Math.floor(outs / 3)}.${outs % 3}`;
}

/** Innings with thirds from outs, where people read them (pages, API text): 20 → '6⅔', 19 → '6⅓', 21 → '7', 1 → '⅓', 0 → '0'. */
export function formatInningsFraction(outs: number): string {
  if (!Number.isInteger(outs) || outs < 0) return '-';
  const whole = Math.floor(outs / 3);
  const rest = FRACTIONS[outs % 3];
  return whole === 0 && rest ? rest : `${whole}${rest}`;
}
