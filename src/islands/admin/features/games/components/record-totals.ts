/** Running totals the record form shows while the scorer types. */

type Counts = Record<string, unknown>;

/** A cell's number: typed digits count, anything else (blank, a typo) counts as 0 here. */
export const cellNumber = (v: unknown) =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && /^\s*\d+\s*$/.test(v)
      ? Number(v)
      : 0;

/** The sum of one counting column over lines (blank cells count as 0). */
export function columnTotal(lines: readonly Counts[] | undefined, key: string): number {
  return (lines ?? []).reduce((total, line) => total + cellNumber(line[key]), 0);
}

/** Runs of a half-inning list (a blank last bottom half counts as 0). */
export function runsTotal(innings: readonly unknown[] | undefined): number {
  return (innings ?? []).reduce<number>((total, r) => total + cellNumber(r), 0);
}
