import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { backupsToKeep, retention } from './backup-retention.ts';
import { dataPaths } from './data-paths.ts';
import { backupSiblings, listBackups } from './list-backups.ts';

/** Leftovers of a backup killed half-way are removed once they are this old. */
const staleAfterMs = 6 * 3600_000;

/** Applies the retention policy to the backups folder; returns the names removed. */
export function pruneBackups(dataDir: string, policy = retention, now = Date.now()): string[] {
  const dir = dataPaths(dataDir).backups;
  if (!existsSync(dir)) return [];
  const backups = listBackups(dataDir);
  const keep = backupsToKeep(
    backups.map((b) => ({ name: b.file, time: new Date(b.createdAt) })),
    policy,
  );
  const removed: string[] = [];
  for (const b of backups) {
    if (keep.has(b.file)) continue;
    const { manifest, uploads } = backupSiblings(b.path);
    // The database copy goes first: a half-pruned backup is then no longer listed.
    for (const path of [b.path, manifest, uploads]) rmSync(path, { recursive: true, force: true });
    removed.push(b.file);
  }
  for (const name of readdirSync(dir)) {
    const base = join(dir, name.replace(/\.(json|uploads)$/, ''));
    const orphan =
      /^sbsa-.*\.(json|uploads)$/.test(name) &&
      !existsSync(`${base}.sqlite`) &&
      !existsSync(`${base}.dump`);
    if (!name.endsWith('.partial') && !orphan) continue;
    const path = join(dir, name);
    try {
      if (now - statSync(path).mtimeMs > staleAfterMs)
        rmSync(path, { recursive: true, force: true });
    } catch {
      /* raced with its owner */
    }
  }
  return removed;
}
