import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BackupInfo, BackupReason, SavedManifest } from './backup-info.ts';
import { backupStamp } from './backup-stamp.ts';
import { dataPaths } from './data-paths.ts';
import { backupExtension, copyDatabase, databaseAt } from './database-copy.ts';
import { fsyncPath } from './fsync-path.ts';
import { linkTree } from './link-tree.ts';
import { backupSiblings, readBackupInfo } from './list-backups.ts';
import { pruneBackups } from './prune-backups.ts';

export interface BackupOptions {
  /** the shared folder: backups/ and uploads/ (and the SQLite file) are in it */
  dataDir: string;
  /** the PostgreSQL database (`DATABASE_URL`) when the instance runs on one; else the SQLite file */
  databaseUrl?: string | null;
  reason: BackupReason;
  by?: string | null;
  now?: Date;
  /** Apply the retention policy afterwards (default true). */
  prune?: boolean;
}

let queue: Promise<unknown> = Promise.resolve();

/** Reserves `sbsa-<stamp>[-N]<ext>.partial` so two backups in the same second never share a name. */
function reserveName(dir: string, stamp: string, ext: string): string {
  for (let n = 1; ; n++) {
    const base = join(dir, n === 1 ? `sbsa-${stamp}` : `sbsa-${stamp}-${n}`);
    if (existsSync(`${base}.sqlite`) || existsSync(`${base}.dump`)) continue;
    try {
      writeFileSync(`${base}${ext}.partial`, '', { flag: 'wx' });
      return base;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
}

/**
 * Takes an online backup while the server keeps running: the database (database-copy.ts: SQLite's
 * backup API into `backups/sbsa-YYYYMMDD-HHMMSS.sqlite`, checked with `integrity_check`, or
 * pg_dump's custom format into `….dump`), the uploads as a hard-link snapshot beside it, and a
 * manifest. The database copy appears last, by rename, so a listed backup is always complete.
 * Backups in one process run one after another.
 */
export function createBackup(options: BackupOptions): Promise<BackupInfo> {
  const run = queue.then(() => backupNow(options));
  queue = run.catch(() => undefined);
  return run;
}

async function backupNow(options: BackupOptions): Promise<BackupInfo> {
  const started = Date.now();
  const paths = dataPaths(options.dataDir);
  const source = databaseAt(options.dataDir, options.databaseUrl);
  mkdirSync(paths.backups, { recursive: true });
  const ext = backupExtension[source.kind];
  const base = reserveName(paths.backups, backupStamp(options.now ?? new Date()), ext);
  const partial = `${base}${ext}.partial`;
  const final = `${base}${ext}`;
  const { manifest, uploads } = backupSiblings(final);
  const uploadsPartial = `${uploads}.partial`;
  try {
    const migrations = await copyDatabase(source, partial);
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
