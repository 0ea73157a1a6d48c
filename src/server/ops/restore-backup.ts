import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { backupStamp } from './backup-stamp.ts';
import { dataPaths } from './data-paths.ts';
import { fsyncPath } from './fsync-path.ts';
import type { DatabaseAt } from './database-copy.ts';
import { assertSameKind, backupMigrations, databaseAt, putBackupInPlace } from './database-copy.ts';
import { linkTree } from './link-tree.ts';
import { backupSiblings } from './list-backups.ts';
import { markSiteRebuild } from './rebuild-marker.ts';
import { assertKnownMigrations } from './schema-version.ts';
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

/**
 * Checks a file before it may replace the database: a backup of this kind of database, intact,
 * an SBSA database, not from a newer program. Returns its migrations.
 */
export async function assertRestorable(target: DatabaseAt, file: string): Promise<string[]> {
  assertSameKind(target, file);
  const migrations = await backupMigrations(file);
  if (migrations.length === 0)
    throw new Error(
      `SBSA 데이터베이스가 아닙니다 (not an SBSA database: no schema_migrations): ${file}`,
    );
  assertKnownMigrations(migrations);
  return migrations;
}

/**
 * Puts a backup in place of the database of a stopped instance, holding the data folder's lock
 * throughout so no server starts on half-replaced files. The replaced SQLite file (with its -wal)
 * and uploads are moved, not deleted, to `replaced/restore-<stamp>/` (PostgreSQL is restored with
 * pg_restore in one transaction: database-copy.ts); the uploads snapshot beside the backup comes
 * back too. The next start rebuilds the public site from it.
 */
export async function restoreBackup(options: {
  dataDir: string;
  /** the folder of the database, uploads and backups when the nodes share one (default dataDir) */
  sharedDir?: string;
  /** the PostgreSQL database (`DATABASE_URL`) when the instance runs on one */
  databaseUrl?: string | null;
  file: string;
}): Promise<RestoreResult> {
  const lock = acquireServerLock(options.dataDir, 'restore', options.sharedDir);
  try {
    return await restoreLocked({
      sharedDir: options.sharedDir ?? options.dataDir,
      databaseUrl: options.databaseUrl,
      file: options.file,
    });
  } finally {
    lock.release();
  }
}

async function restoreLocked(options: {
  sharedDir: string;
  databaseUrl?: string | null;
  file: string;
}): Promise<RestoreResult> {
  const paths = dataPaths(options.sharedDir);
  const target = databaseAt(options.sharedDir, options.databaseUrl);
  const source = resolveBackupFile(options.sharedDir, options.file);
  const migrations = await assertRestorable(target, source);

  let aside: string | null = null;
  const keptAside = () => {
    aside ??= freshFolder(join(paths.replaced, `restore-${backupStamp(new Date())}`));
    return aside;
  };
  await putBackupInPlace(target, source, keptAside);
  fsyncPath(options.sharedDir);

  let uploads: number | null = null;
  const snapshot = backupSiblings(source).uploads;
  if (existsSync(snapshot)) {
    if (existsSync(paths.uploads)) renameSync(paths.uploads, join(keptAside(), 'uploads'));
    uploads = linkTree(snapshot, paths.uploads).files;
    mkdirSync(paths.uploads, { recursive: true });
  }
  markSiteRebuild(options.sharedDir, `백업 복원: ${basename(source)}`);
  return { restored: source, keptAside: keptAside(), migrations, uploads };
}
