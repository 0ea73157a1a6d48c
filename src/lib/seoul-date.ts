// en-CA formats a date as YYYY-MM-DD; created once because Intl formatters are costly to build.
const seoulDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Seoul',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date in Asia/Seoul of an instant, as YYYY-MM-DD (today by default). */
export function seoulToday(now: Date = new Date()): string {
  return seoulDay.format(now);
}

/** An instant as ISO 8601 in Asia/Seoul (no daylight saving): `2026-11-28T15:04:05+09:00`. */
export function seoulTimestamp(at: Date = new Date()): string {
  return `${new Date(at.getTime() + 9 * 3600_000).toISOString().slice(0, 19)}+09:00`;
}

/** Milliseconds until the next midnight in Asia/Seoul (UTC+9, no daylight saving). */
export function msUntilSeoulMidnight(now = Date.now()): number {
  const day = 24 * 60 * 60 * 1000;
  const offset = 9 * 60 * 60 * 1000;
  return day - ((now + offset) % day);
}
