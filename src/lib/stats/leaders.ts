/** Games a player's team has played: one number for everyone, or looked up per row. */
export type TeamGames<T> = number | ((row: T) => number);

/** Keys of T whose values are numbers (or null when a rate is undefined). */
export type NumericKey<T> = {
  [K in keyof T]-?: T[K] extends number | null | undefined ? K : never;
}[keyof T];

// Thresholds like 0.1 × 30 × 3 are not exact in floating point.
const EPSILON = 1e-9;

const gamesOf = <T>(teamGames: TeamGames<T>, row: T): number =>
  typeof teamGames === 'function' ? teamGames(row) : teamGames;

/** Batters with PA ≥ paPerGame × team games, the league's batting-title line. */
export function qualifiedBatters<T extends { pa: number }>(
  rows: readonly T[],
  teamGames: TeamGames<T>,
  paPerGame: number,
): T[] {
  return rows.filter((row) => row.pa + EPSILON >= paPerGame * gamesOf(teamGames, row));
}

/** Pitchers with outs ≥ ipPerGame × team games × 3, the league's ERA-title line. */
export function qualifiedPitchers<T extends { outs: number }>(
  rows: readonly T[],
  teamGames: TeamGames<T>,
  ipPerGame: number,
): T[] {
  return rows.filter((row) => row.outs + EPSILON >= ipPerGame * gamesOf(teamGames, row) * 3);
}

/** The number a row holds under key, or null when it holds none. */
function numberAt<T>(row: T, key: NumericKey<T>): number | null {
  const value = row[key] as unknown;
  return typeof value === 'number' && !Number.isNaN(value) ? value : null;
}

/** Rows sorted on key (best first for 'desc' like AVG, 'asc' like ERA); rows without a value are left out; ties by name. */
export function rankedBy<T extends { name: string }>(
  rows: readonly T[],
  key: NumericKey<T>,
  direction: 'asc' | 'desc' = 'desc',
): T[] {
  const sign = direction === 'desc' ? -1 : 1;
  return rows
    .filter((row) => numberAt(row, key) !== null)
    .sort(
      (a, b) =>
        sign * (numberAt(a, key)! - numberAt(b, key)!) || a.name.localeCompare(b.name, 'ko'),
    );
}

/** The first n of rankedBy: a leaderboard. */
export function topN<T extends { name: string }>(
  rows: readonly T[],
  key: NumericKey<T>,
  n: number,
  direction: 'asc' | 'desc' = 'desc',
): T[] {
  return rankedBy(rows, key, direction).slice(0, Math.max(0, n));
}

/** Competition ranks (1, 2, 2, 4) for rows already sorted on key. */
export function leaderRanks<T>(rows: readonly T[], key: NumericKey<T>): number[] {
  const ranks: number[] = [];
  rows.forEach((row, i) => {
    ranks.push(i > 0 && numberAt(row, key) === numberAt(rows[i - 1], key) ? ranks[i - 1] : i + 1);
  });
  return ranks;
}
