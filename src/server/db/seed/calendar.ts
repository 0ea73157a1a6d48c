/** Date arithmetic on 'YYYY-MM-DD' strings (calendar dates in Asia/Seoul, computed in UTC so the host's zone never matters). */

const DAY_MS = 86_400_000;

function toUtc(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
}

function fromUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The date n days after (or before, for negative n) the given one. */
export function addDays(date: string, n: number): string {
  return fromUtc(toUtc(date) + n * DAY_MS);
}

/** The latest of the dates ('' for none): as 'YYYY-MM-DD' text they sort in date order. */
export function latestDate(dates: readonly string[]): string {
  return dates.toSorted().at(-1) ?? '';
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(date: string): number {
  return new Date(toUtc(date)).getUTCDay();
}

/** Saturdays and Sundays from `from` to `to` inclusive, plus the given weekday holidays inside the range, in order. */
export function matchDays(
  from: string,
  to: string,
  holidays: readonly string[] = [],
  skip: (date: string) => boolean = () => false,
): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const wd = weekday(d);
    if ((wd === 0 || wd === 6 || holidays.includes(d)) && !skip(d)) days.push(d);
  }
  return days;
}

/** The first Saturday on or after the date. */
export function saturdayOnOrAfter(date: string): string {
  return addDays(date, (6 - weekday(date) + 7) % 7);
}

/** An ISO timestamp for a Seoul wall-clock time: '2026-03-02', '10:30' → '2026-03-02T01:30:00.000Z'. */
export function seoulTimestamp(date: string, time: string): string {
  const [h, m] = time.split(':').map(Number);
  return new Date(toUtc(date) + (h - 9) * 3_600_000 + m * 60_000).toISOString();
}
