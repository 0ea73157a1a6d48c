/** Running totals the record form shows while the scorer types. */

type Counts = Record<string, unknown>;

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** The sum of one counting column over lines (blank cells count as 0). */
export function columnTotal(lines: readonly Counts[] | undefined, key: string): number {
  return (lines ?? []).reduce((total, line) => total + num(line[key]), 0);
}

/** Runs of a half-inning list (a blank last bottom half counts as 0). */
export function runsTotal(innings: ReadonlyArray<number | null | undefined> | undefined): number {
  return (innings ?? []).reduce<number>((total, r) => total + num(r), 0);
}

/** Innings pitched from outs, as box scores print them: 20 outs → '6.2'. */
export function inningsText(outs: number): string {
  return `${Math.floor(outs / 3)}.${outs % 3}`;
}

/** Outs from '6.2' or '6⅔' style innings; null when it cannot be read. */
export function outsFromInnings(text: string): number | null {
  const match = /^(\d+)(?:\.([0-2]))?$/.exec(text.trim().replace('⅓', '.1').replace('⅔', '.2'));
  if (!match) return null;
  return Number(match[1]) * 3 + Number(match[2] ?? 0);
}
