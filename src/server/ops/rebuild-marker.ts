import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dataPaths } from './data-paths.ts';

/** Leaves word for the next server start that the database was replaced and the public site must be rebuilt. */
export function markSiteRebuild(dataDir: string, reason: string): void {
  writeFileSync(
    dataPaths(dataDir).rebuildMarker,
    `${JSON.stringify({ reason, at: new Date().toISOString() })}\n`,
  );
}

/** The reason left by a restore or an import, removing the marker; null when there is none. */
export function takeSiteRebuild(dataDir: string): string | null {
  const file = dataPaths(dataDir).rebuildMarker;
  let reason: string;
  try {
    reason = String(
      (JSON.parse(readFileSync(file, 'utf8')) as { reason?: string }).reason ?? '데이터 교체',
    );
  } catch {
    return null;
  }
  rmSync(file, { force: true });
  return reason;
}
