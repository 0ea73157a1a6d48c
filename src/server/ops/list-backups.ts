import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { BackupInfo, SavedManifest } from './backup-info.ts';
import { backupFilePattern, stampTime } from './backup-stamp.ts';
import { dataPaths } from './data-paths.ts';

/** The manifest path and the uploads snapshot folder that belong to a backup file. */
export function backupSiblings(path: string): { manifest: string; uploads: string } {
  const base = path.replace(/\.(?:sqlite|dump)$/, '');
  return { manifest: `${base}.json`, uploads: `${base}.uploads` };
}

/** Reads one backup's manifest; a backup copied in by hand gets what its name and size tell. */
export function readBackupInfo(path: string): BackupInfo {
  const file = path.split(/[\\/]/).pop() ?? path;
  const { manifest, uploads } = backupSiblings(path);
  const bytes = statSync(path).size;
  let saved: Partial<SavedManifest> = {};
  try {
    saved = JSON.parse(readFileSync(manifest, 'utf8')) as SavedManifest;
  } catch {
    /* copied in by hand: no manifest */
  }
  return {
    file,
    path,
    bytes,
    createdAt: saved.createdAt ?? (stampTime(file) ?? statSync(path).mtime).toISOString(),
    reason: saved.reason ?? 'unknown',
    by: saved.by ?? null,
    migrations: saved.migrations ?? [],
    uploads: existsSync(uploads)
      ? { folder: uploads, files: saved.uploads?.files ?? 0, bytes: saved.uploads?.bytes ?? 0 }
      : null,
    durationMs: saved.durationMs ?? null,
  };
}

/** Finished backups in the data folder, newest first. */
export function listBackups(dataDir: string): BackupInfo[] {
  const dir = dataPaths(dataDir).backups;
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => backupFilePattern.test(name))
    .map((name) => readBackupInfo(join(dir, name)))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.file.localeCompare(a.file));
}
