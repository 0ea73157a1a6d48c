import { DatabaseSync } from 'node:sqlite';
import { statSync } from 'node:fs';

/** Above this size start-up runs `quick_check` (O(N)) instead of the full `integrity_check` (O(N log N)). */
export const fullCheckLimitBytes = 256 * 1024 * 1024;

export type CheckMode = 'full' | 'quick';

/** Problems SQLite reports for an open database; [] means `ok`. */
export function integrityProblems(sqlite: DatabaseSync, mode: CheckMode = 'full'): string[] {
  const pragma = mode === 'full' ? 'integrity_check' : 'quick_check';
  const rows = sqlite
    .prepare(`PRAGMA ${pragma}(100)`)
    .all()
    .map((r) => String(Object.values(r)[0]));
  return rows.length === 1 && rows[0] === 'ok' ? [] : rows;
}

/** `quick` for big files so start-up stays fast, `full` otherwise. */
export function checkModeFor(file: string): CheckMode {
  try {
    return statSync(file).size > fullCheckLimitBytes ? 'quick' : 'full';
  } catch {
    return 'full';
  }
}

/**
 * Opens a database file read-only and runs the full integrity check; a file that is not a database
 * at all counts as a problem too. Never writes to the file.
 */
export function checkDatabaseFile(file: string): { ok: boolean; problems: string[] } {
  let sqlite: DatabaseSync | null = null;
  try {
    sqlite = new DatabaseSync(file, { readOnly: true });
    const problems = integrityProblems(sqlite, 'full');
    return { ok: problems.length === 0, problems };
  } catch (err) {
    return { ok: false, problems: [(err as Error).message] };
  } finally {
    if (sqlite?.isOpen) sqlite.close();
  }
}
