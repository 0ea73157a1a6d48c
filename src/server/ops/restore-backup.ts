import { backup, DatabaseSync } from 'node:sqlite';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { backupStamp } from './backup-stamp.ts';
import { dataPaths } from './data-paths.ts';
import { fsyncPath } from './fsync-path.ts';
import { checkDatabaseFile } from './integrity-check.ts';
import { linkTree } from './link-tree.ts';
import { backupSiblings } from './list-backups.ts';
import { markSiteRebuild } from './rebuild-marker.ts';
import { appliedMigrations, assertKnownMigrations } from './schema-version.ts';
import { acquireServerLock } from './server-lock.ts';

export interface RestoreResult {
  /** The backup file that is now the database */
  restored: string;
  /** Folder holding the database (and uploads) that were replaced */
  keptAside: string;
  migrations: string[];
  /** Files restored from the uploads snapshot, or null when the backup had none and uploads were left alone */
  uploads: number | null;
}

/** Creates `base`, or `base-2`, `base-3` … when it exists already. */
export function freshFolder(base: string): string {
  for (let n = 1; ; n++) {
    const path = n === 1 ? base : `${base}-${n}`;
    if (existsSync(path)) continue;
    mkdirSync(path, { recursive: true });
    return path;
  }
}

/** A backup given by path, or by name inside the data folder's backups/. */
export function resolveBackupFile(dataDir: string, file: string): string {
  if (existsSync(file)) return resolve(file);
  const inBackups = join(dataPaths(dataDir).backups, basename(file));
  if (existsSync(inBackups)) return inBackups;
  throw new Error(`백업 파일을 찾을 수 없습니다 (backup file not found): ${file}`);
}

/** Checks a file before it may replace the database: intact, an SBSA database, not from a newer program. */
export function assertRestorable(file: string): string[] {
  const check = checkDatabaseFile(file);
  if (!check.ok) {
    throw new Error(
      `백업 파일이 무결성 검사(integrity_check)를 통과하지 못해 복원하지 않습니다.\n  The backup fails integrity_check; nothing was changed.\n  ${check.problems.slice(0, 5).join('\n  ')}`,
    );
  }
  const sqlite = new DatabaseSync(file, { readOnly: true });
  try {
    const migrations = appliedMigrations(sqlite);
    if (migrations.length === 0)
      throw new Error(
        `SBSA 데이터베이스가 아닙니다 (not an SBSA database: no schema_migrations): ${file}`,
      );
    assertKnownMigrations(migrations);
    return migrations;
  } finally {
    sqlite.close();
  }
}

/**
 * Puts a backup in place of the database of a stopped instance, holding the data folder's lock
 * throughout so no server starts on half-replaced files. The replaced database (with its -wal) and
 * uploads are moved, not deleted, to `replaced/restore-<stamp>/`; the uploads snapshot beside the
 * backup comes back too. The next start rebuilds the public site from it.
 */
export async function restoreBackup(options: {
  dataDir: string;
  /** the folder of the database, uploads and backups when the nodes share one (default dataDir) */
  sharedDir?: string;
  file: string;
}): Promise<RestoreResult> {
  const lock = acquireServerLock(options.dataDir, 'restore', options.sharedDir);
  try {
    return await restoreLocked({
      sharedDir: options.sharedDir ?? options.dataDir,
      file: options.file,
    });
  } finally {
    lock.release();
  }
}

async function restoreLocked(options: { sharedDir: string; file: string }): Promise<RestoreResult> {
  const paths = dataPaths(options.sharedDir);
  const source = resolveBackupFile(options.sharedDir, options.file);
  const migrations = assertRestorable(source);

  // Through the backup API rather than a file copy: a source still in WAL mode brings its -wal content along.
  const incoming = `${paths.dbFile}.restoring`;
  rmSync(incoming, { force: true });
  const reader = new DatabaseSync(source, { readOnly: true });
  try {
    await backup(reader, incoming, { rate: 2 ** 31 - 1 });
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

  const aside = freshFolder(join(paths.replaced, `restore-${backupStamp(new Date())}`));
  const moved: Array<[string, string]> = [];
  try {
    for (const suffix of ['', '-wal', '-shm', '-journal']) {
      const from = `${paths.dbFile}${suffix}`;
      if (!existsSync(from)) continue;
      const to = join(aside, basename(from));
      renameSync(from, to);
      moved.push([from, to]);
    }
    renameSync(incoming, paths.dbFile);
  } catch (err) {
    for (const [from, to] of moved.reverse()) renameSync(to, from);
    rmSync(incoming, { force: true });
    throw err;
  }
  fsyncPath(options.sharedDir);

  let uploads: number | null = null;
  const snapshot = backupSiblings(source).uploads;
  if (existsSync(snapshot)) {
    if (existsSync(paths.uploads)) renameSync(paths.uploads, join(aside, 'uploads'));
    uploads = linkTree(snapshot, paths.uploads).files;
    mkdirSync(paths.uploads, { recursive: true });
  }
  markSiteRebuild(options.sharedDir, `백업 복원: ${basename(source)}`);
  return { restored: source, keptAside: aside, migrations, uploads };
}
