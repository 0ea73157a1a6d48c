/** `YYYYMMDD-HHMMSS` in Asia/Seoul (no daylight saving), the time the association's staff read. */
export function backupStamp(at: Date): string {
  const kst = new Date(at.getTime() + 9 * 3600_000).toISOString();
  return `${kst.slice(0, 4)}${kst.slice(5, 7)}${kst.slice(8, 10)}-${kst.slice(11, 13)}${kst.slice(14, 16)}${kst.slice(17, 19)}`;
}

/**
 * Backup files are `sbsa-YYYYMMDD-HHMMSS.sqlite` (SQLite) or `.dump` (PostgreSQL's pg_dump), with
 * `-N` added when two fall in the same second.
 */
export const backupFilePattern = /^sbsa-(\d{8})-(\d{6})(?:-(\d+))?\.(?:sqlite|dump)$/;

/** The instant a backup name stands for, or null for names that are not backups. */
export function stampTime(name: string): Date | null {
  const m = backupFilePattern.exec(name);
  if (!m) return null;
  const [d, t] = [m[1], m[2]];
  const iso = `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}T${t.slice(0, 2)}:${t.slice(2, 4)}:${t.slice(4, 6)}+09:00`;
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? null : time;
}
