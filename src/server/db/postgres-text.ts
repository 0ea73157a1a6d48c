/**
 * SQL fragments the PostgreSQL texts of the migrations share (decision 151). SQLite's
 * `strftime('%Y-%m-%dT%H:%M:%fZ','now')` writes UTC as ISO 8601 text with milliseconds; this is
 * the same text from PostgreSQL's clock, so a column's values read alike on both databases.
 */
export const nowIso = `(to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;

/** The same ISO text for a moment `interval` before now (e.g. '2 years'). */
export function isoBefore(interval: string): string {
  return `(to_char((now() - interval '${interval}') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
}
