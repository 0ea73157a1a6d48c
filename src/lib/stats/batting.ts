import { addFractions, fractionValue, ratio } from './fraction.ts';
import type { Fraction } from './fraction.ts';

/** One batter's counting stats for a game, a season or a career (b2/b3 = doubles/triples). */
export interface BattingLine {
  pa: number;
  ab: number;
  r: number;
  h: number;
  b2: number;
  b3: number;
  hr: number;
  rbi: number;
  bb: number;
  hbp: number;
  so: number;
  sb: number;
  cs: number;
  sh: number;
  sf: number;
  e: number;
}

/** Rates derived from a batting line as numbers (for sorting and the API); null where the denominator is 0. */
export interface BattingRates {
  tb: number;
  avg: number | null;
  obp: number | null;
  slg: number | null;
  ops: number | null;
}

/** The same rates as exact fractions of the counts, for display (format.ts). */
export interface BattingFractions {
  avg: Fraction | null;
  obp: Fraction | null;
  slg: Fraction | null;
  ops: Fraction | null;
}

/** Counting fields of a batting line, in display order. */
export const BATTING_KEYS = [
  'pa',
  'ab',
  'r',
  'h',
  'b2',
  'b3',
  'hr',
  'rbi',
  'bb',
  'hbp',
  'so',
  'sb',
  'cs',
  'sh',
  'sf',
  'e',
] as const satisfies readonly (keyof BattingLine)[];

/** A batting line of zeros. */
export function emptyBatting(): BattingLine {
  return {
    pa: 0,
    ab: 0,
    r: 0,
    h: 0,
    b2: 0,
    b3: 0,
    hr: 0,
    rbi: 0,
    bb: 0,
    hbp: 0,
    so: 0,
    sb: 0,
    cs: 0,
    sh: 0,
    sf: 0,
    e: 0,
  };
}

/** Adds batting lines count by count; season and career totals come from here, never from averaging rates. */
export function sumBatting(lines: readonly BattingLine[]): BattingLine {
  const total = emptyBatting();
  for (const line of lines) for (const key of BATTING_KEYS) total[key] += line[key];
  return total;
}

/** Total bases: 1B + 2·2B + 3·3B + 4·HR, with 1B = H − 2B − 3B − HR. */
export function totalBases(line: Pick<BattingLine, 'h' | 'b2' | 'b3' | 'hr'>): number {
  return line.h + line.b2 + 2 * line.b3 + 3 * line.hr;
}

type RateCounts = Pick<BattingLine, 'ab' | 'h' | 'b2' | 'b3' | 'hr' | 'bb' | 'hbp' | 'sf'>;

/** AVG = H/AB, OBP = (H+BB+HBP)/(AB+BB+HBP+SF), SLG = TB/AB, OPS = OBP+SLG, all exact. */
export function battingFractions(line: RateCounts): BattingFractions {
  const avg = ratio(line.h, line.ab);
  const obp = ratio(line.h + line.bb + line.hbp, line.ab + line.bb + line.hbp + line.sf);
  const slg = ratio(totalBases(line), line.ab);
  const ops = obp !== null && slg !== null ? addFractions(obp, slg) : null;
  return { avg, obp, slg, ops };
}

/** TB and the values of battingFractions: each one division of exact integers, so equal rates sort equal. */
export function battingRates(line: RateCounts): BattingRates {
  const exact = battingFractions(line);
  return {
    tb: totalBases(line),
    avg: fractionValue(exact.avg),
    obp: fractionValue(exact.obp),
    slg: fractionValue(exact.slg),
    ops: fractionValue(exact.ops),
  };
}
