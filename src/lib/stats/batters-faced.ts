/** What a pitcher's line gives towards the batters he faced. */
export interface BattersFacedParts {
  /** typed by the scorer, or null when left to be filled in */
  bf: number | null;
  outs: number;
  h: number;
  bb: number;
  hbp: number;
}

/**
 * A pitcher's 상대 타자 for each line, the typed ones kept. A blank one is his outs plus the batters
 * who reached (H + BB + HBP), which is exact unless a double play, a runner out or an error came
 * in; so the last blank line takes what the other side's plate appearances leave over, when that
 * is still at least the batters who reached against him: every plate appearance was against one
 * of the pitchers.
 */
export function battersFaced(lines: readonly BattersFacedParts[], opposingPa: number): number[] {
  const reached = (l: BattersFacedParts) => l.h + l.bb + l.hbp;
  const filled = lines.map((l) => l.bf ?? l.outs + reached(l));
  const blanks = lines.flatMap((l, i) => (l.bf === null ? [i] : []));
  const last = blanks.at(-1);
  if (last === undefined) return filled;
  const others = filled.reduce((total, bf, i) => (i === last ? total : total + bf), 0);
  const rest = opposingPa - others;
  if (rest >= reached(lines[last])) filled[last] = rest;
  return filled;
}
