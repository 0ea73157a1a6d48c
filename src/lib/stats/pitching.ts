import { fractionValue } from './fraction.ts';
import type { Fraction } from './fraction.ts';

/** A pitcher's decision in one game (H = hold). */
export type PitchingDecision = 'W' | 'L' | 'S' | 'H';

/** One pitcher's counting stats; innings are kept as outs. Decision counts: w, l, sv (saves), hld (holds). */
export interface PitchingLine {
  outs: number;
  bf: number;
  h: number;
  r: number;
  er: number;
  bb: number;
  hbp: number;
  so: number;
  hr: number;
  wp: number;
  w?: number;
  l?: number;
  sv?: number;
  hld?: number;
}

/** A summed pitching line, decision counts always present. */
export type PitchingTotals = Required<PitchingLine>;

/** Rates derived from a pitching line: IP as a number, ERA and WHIP (null with 0 outs, Infinity if runners or earned runs came with 0 outs). */
export interface PitchingRates {
  ip: number;
  era: number | null;
  whip: number | null;
}

/** Counting fields a game's pitching line stores. */
export const PITCHING_LINE_KEYS = [
  'outs',
  'bf',
  'h',
  'r',
  'er',
  'bb',
  'hbp',
  'so',
  'hr',
  'wp',
] as const satisfies readonly (keyof PitchingLine)[];

/** The decision each decision count counts. */
export const DECISION_CODES = {
  w: 'W',
  l: 'L',
  sv: 'S',
  hld: 'H',
} as const satisfies Record<'w' | 'l' | 'sv' | 'hld', PitchingDecision>;

/** Counting fields of a pitching line, in display order: the stored ones, then the decisions. */
export const PITCHING_KEYS = [
  ...PITCHING_LINE_KEYS,
  ...(Object.keys(DECISION_CODES) as (keyof typeof DECISION_CODES)[]),
] as const;

/** A pitching line of zeros. */
export function emptyPitching(): PitchingTotals {
  return {
    outs: 0,
    bf: 0,
    h: 0,
    r: 0,
    er: 0,
    bb: 0,
    hbp: 0,
    so: 0,
    hr: 0,
    wp: 0,
    w: 0,
    l: 0,
    sv: 0,
    hld: 0,
  };
}

/** Decision counts for one game's decision, to add into a game line before summing. */
export function decisionCounts(
  decision: PitchingDecision | null | undefined,
): Pick<PitchingTotals, 'w' | 'l' | 'sv' | 'hld'> {
  return {
    w: decision === DECISION_CODES.w ? 1 : 0,
    l: decision === DECISION_CODES.l ? 1 : 0,
    sv: decision === DECISION_CODES.sv ? 1 : 0,
    hld: decision === DECISION_CODES.hld ? 1 : 0,
  };
}

/** Adds pitching lines count by count (outs, not innings, so thirds never drift). */
export function sumPitching(lines: readonly PitchingLine[]): PitchingTotals {
  const total = emptyPitching();
  for (const line of lines) for (const key of PITCHING_KEYS) total[key] += line[key] ?? 0;
  return total;
}

/** ERA and WHIP as exact fractions, for display (format.ts); d = 0 marks an infinite rate. */
export interface PitchingFractions {
  era: Fraction | null;
  whip: Fraction | null;
}

/**
 * ERA = ER × eraBasis / IP = 3·ER·basis / outs (league basis, 7 for softball), WHIP = (BB+H)/IP =
 * 3·(BB+H) / outs. With no outs: null with nothing allowed, infinite (d = 0) otherwise.
 */
export function pitchingFractions(
  line: Pick<PitchingLine, 'outs' | 'er' | 'bb' | 'h'>,
  eraBasis = 7,
): PitchingFractions {
  const over = (n: number): Fraction | null =>
    line.outs > 0 ? { n, d: line.outs } : n > 0 ? { n, d: 0 } : null;
  return { era: over(3 * line.er * eraBasis), whip: over(3 * (line.bb + line.h)) };
}

/** IP = outs/3 and the values of pitchingFractions (Infinity for an infinite rate). */
export function pitchingRates(
  line: Pick<PitchingLine, 'outs' | 'er' | 'bb' | 'h'>,
  eraBasis = 7,
): PitchingRates {
  const exact = pitchingFractions(line, eraBasis);
  return { ip: line.outs / 3, era: fractionValue(exact.era), whip: fractionValue(exact.whip) };
}
