import { backup, DatabaseSync } from 'node:sqlite';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fsyncPath } from './fsync-path.ts';
import { checkDatabaseFile, integrityProblems } from './integrity-check.ts';
import { appliedMigrations } from './schema-version.ts';

// All pages in one step: one consistent read snapshot (WAL lets writers go on meanwhile); smaller
// steps would restart from scratch whenever the server commits in between.
const ALL_PAGES = 2 ** 31 - 1;

/**
 * Copies the SQLite file through SQLite's backup API into `partial` while the server keeps
 * writing, checks the copy with `integrity_check` and returns its migrations.
 */
export async function copySqlite(dbFile: string, partial: string): Promise<string[]> {
  if (!existsSync(dbFile))
    throw new Error(`백업할 데이터베이스가 없습니다 (no database to back up): ${dbFile}`);
  const source = new DatabaseSync(dbFile, { readOnly: true, timeout: 10_000 });
  try {
    await backup(source, partial, { rate: ALL_PAGES });
  } finally {
    source.close();
  }
  const copy = new DatabaseSync(partial);
  try {
    // A self-contained file (no -wal beside it) that can be copied off the machine as it is.
    copy.exec('PRAGMA journal_mode = DELETE');
    const problems = integrityProblems(copy, 'full');
    if (problems.length > 0)
      throw new Error(
        `백업 사본의 무결성 검사 실패 (backup copy failed integrity_check): ${problems.join('; ')}`,
      );
    return appliedMigrations(copy);
  } finally {
    copy.close();
  }
}

/** The migrations of a SQLite backup, after the full integrity check; throws for a damaged file. */
export function sqliteBackupMigrations(file: string): string[] {
  const check = checkDatabaseFile(file);
  if (!check.ok) {
    throw new Error(
      `백업 파일이 무결성 검사(integrity_check)를 통과하지 못해 복원하지 않습니다.\n  The backup fails integrity_check; nothing was changed.\n  ${check.problems.slice(0, 5).join('\n  ')}`,
    );
  }
  const sqlite = new DatabaseSync(file, { readOnly: true });
  try {
    return appliedMigrations(sqlite);
  } finally {
    sqlite.close();
  }
}

/**
 * Puts a SQLite backup in place of the database file. The replaced file (with its -wal) is moved,
 * not deleted, into the folder `aside()` makes; a failure half-way moves it back.
 */
export async function replaceSqlite(
  dbFile: string,
  source: string,
  aside: () => string,
): Promise<void> {
  // Through the backup API rather than a file copy: a source still in WAL mode brings its -wal content along.
  const incoming = `${dbFile}.restoring`;
  rmSync(incoming, { force: true });
  const reader = new DatabaseSync(source, { readOnly: true });
  try {
    await backup(reader, incoming, { rate: ALL_PAGES });
  } finally {
    reader.close();
  }
  fsyncPath(incoming);
  if (!checkDatabaseFile(incoming).ok) {
    rmSync(incoming, { force: true });
    throw new Error(
      '복사한 백업이 손상되었습니다 (the copied backup is damaged); nothing was changed.',
    );
  }
  const folder = aside();
  const moved: Array<[string, string]> = [];
  try {
    for (const suffix of ['', '-wal', '-shm', '-journal']) {
      const from = `${dbFile}${suffix}`;
      if (!existsSync(from)) continue;
      const to = join(folder, basename(from));
      renameSync(from, to);
      moved.push([from, to]);
    }
    renameSync(incoming, dbFile);
  } catch (err) {
    for (const [from, to] of moved.reverse()) renameSync(to, from);
    rmSync(incoming, { force: true });
    throw err;
  }
}
