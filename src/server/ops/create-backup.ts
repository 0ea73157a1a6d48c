import { backup, DatabaseSync } from 'node:sqlite';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BackupInfo, BackupReason, SavedManifest } from './backup-info.ts';
import { backupStamp } from './backup-stamp.ts';
import { dataPaths } from './data-paths.ts';
import { fsyncPath } from './fsync-path.ts';
import { integrityProblems } from './integrity-check.ts';
import { linkTree } from './link-tree.ts';
import { backupSiblings, readBackupInfo } from './list-backups.ts';
import { pruneBackups } from './prune-backups.ts';
import { appliedMigrations } from './schema-version.ts';

export interface BackupOptions {
  dataDir: string;
  reason: BackupReason;
  by?: string | null;
  now?: Date;
  /** Apply the retention policy afterwards (default true). */
  prune?: boolean;
}

// All pages in one step: one consistent read snapshot (WAL lets writers go on meanwhile); smaller
// steps would restart from scratch whenever the server commits in between.
const ALL_PAGES = 2 ** 31 - 1;

let queue: Promise<unknown> = Promise.resolve();

/** Reserves `sbsa-<stamp>[-N].sqlite.partial` so two backups in the same second never share a name. */
function reserveName(dir: string, stamp: string): string {
  for (let n = 1; ; n++) {
    const base = join(dir, n === 1 ? `sbsa-${stamp}` : `sbsa-${stamp}-${n}`);
    if (existsSync(`${base}.sqlite`)) continue;
    try {
      writeFileSync(`${base}.sqlite.partial`, '', { flag: 'wx' });
      return base;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
}

/**
 * Takes an online backup of the data folder while the server keeps running: the database through
 * SQLite's backup API into `backups/sbsa-YYYYMMDD-HHMMSS.sqlite` (checked with `integrity_check`),
 * the uploads as a hard-link snapshot beside it, and a manifest. The `.sqlite` appears last, by
 * rename, so a listed backup is always complete. Backups in one process run one after another.
 */
export function createBackup(options: BackupOptions): Promise<BackupInfo> {
  const run = queue.then(() => backupNow(options));
  queue = run.catch(() => undefined);
  return run;
}

async function backupNow(options: BackupOptions): Promise<BackupInfo> {
  const started = Date.now();
  const paths = dataPaths(options.dataDir);
  if (!existsSync(paths.dbFile))
    throw new Error(`백업할 데이터베이스가 없습니다 (no database to back up): ${paths.dbFile}`);
  mkdirSync(paths.backups, { recursive: true });
  const base = reserveName(paths.backups, backupStamp(options.now ?? new Date()));
  const partial = `${base}.sqlite.partial`;
  const final = `${base}.sqlite`;
  const { manifest, uploads } = backupSiblings(final);
  const uploadsPartial = `${uploads}.partial`;
  try {
    const source = new DatabaseSync(paths.dbFile, { readOnly: true, timeout: 10_000 });
    let migrations: string[];
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
      migrations = appliedMigrations(copy);
    } finally {
      copy.close();
    }
    fsyncPath(partial);

    const snapshot = linkTree(paths.uploads, uploadsPartial);
    if (existsSync(uploadsPartial)) renameSync(uploadsPartial, uploads);
    const saved: SavedManifest = {
      createdAt: (options.now ?? new Date(started)).toISOString(),
      reason: options.reason,
      by: options.by ?? null,
      migrations,
      uploads: existsSync(uploads) ? { files: snapshot.files, bytes: snapshot.bytes } : null,
      durationMs: Date.now() - started,
    };
    writeFileSync(`${manifest}.partial`, `${JSON.stringify(saved, null, 2)}\n`);
    renameSync(`${manifest}.partial`, manifest);
    renameSync(partial, final);
  } catch (err) {
    for (const leftover of [partial, uploadsPartial, uploads, `${manifest}.partial`, manifest])
      rmSync(leftover, { recursive: true, force: true });
    throw err;
  }
  fsyncPath(paths.backups);
  if (options.prune !== false) pruneBackups(options.dataDir);
  return readBackupInfo(final);
}
