/** `2026-03-02 03:05:09`: an instant in Asia/Seoul (UTC+9, no daylight saving). */
export function seoulTime(iso: string): string {
  return new Date(Date.parse(iso) + 9 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** The month (YYYY-MM) in Asia/Seoul now. */
export function seoulMonth(now = Date.now()): string {
  return new Date(now + 9 * 3600_000).toISOString().slice(0, 7);
}
