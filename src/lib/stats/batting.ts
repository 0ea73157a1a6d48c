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

/** Rates derived from a batting line; null where the denominator is 0. */
export interface BattingRates {
  tb: number;
  avg: number | null;
  obp: number | null;
  slg: number | null;
  ops: number | null;
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

/** TB, AVG = H/AB, OBP = (H+BB+HBP)/(AB+BB+HBP+SF), SLG = TB/AB, OPS = OBP+SLG. */
export function battingRates(
  line: Pick<BattingLine, 'ab' | 'h' | 'b2' | 'b3' | 'hr' | 'bb' | 'hbp' | 'sf'>,
): BattingRates {
  const tb = totalBases(line);
  const onBaseChances = line.ab + line.bb + line.hbp + line.sf;
  const avg = line.ab > 0 ? line.h / line.ab : null;
  const obp = onBaseChances > 0 ? (line.h + line.bb + line.hbp) / onBaseChances : null;
  const slg = line.ab > 0 ? tb / line.ab : null;
  const ops = obp !== null && slg !== null ? obp + slg : null;
  return { tb, avg, obp, slg, ops };
}
