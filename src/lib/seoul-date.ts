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
