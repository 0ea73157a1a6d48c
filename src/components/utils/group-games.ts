/** Games of one day. */
export interface GameDay<T> {
  date: string;
  games: T[];
}

/** Days of one month ('YYYY-MM'). */
export interface GameMonth<T> {
  key: string;
  days: GameDay<T>[];
}

/** Groups games already in date order by month, then by day. */
export function groupByMonth<T extends { date: string }>(games: readonly T[]): GameMonth<T>[] {
  const months: GameMonth<T>[] = [];
  for (const game of games) {
    const key = game.date.slice(0, 7);
    let month = months.at(-1);
    if (!month || month.key !== key) {
      month = { key, days: [] };
      months.push(month);
    }
    let day = month.days.at(-1);
    if (!day || day.date !== game.date) {
      day = { date: game.date, games: [] };
      month.days.push(day);
    }
    day.games.push(game);
  }
  return months;
}

/**
 * The month a schedule opens at: today's month when it has games, else the next month with games,
 * else the last one (a season that has ended opens at its end). Keys are 'YYYY-MM' in order.
 */
export function openMonthKey(keys: readonly string[], today: string): string | null {
  const current = today.slice(0, 7);
  return keys.find((k) => k >= current) ?? keys.at(-1) ?? null;
}
