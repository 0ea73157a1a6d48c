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
