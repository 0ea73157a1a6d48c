import { join } from 'node:path';

/** Where each piece of state lives inside the data folder (DESIGN.md §2: back up that folder and you have everything). */
export function dataPaths(dataDir: string) {
  return {
    dataDir,
    dbFile: join(dataDir, 'sbsa.sqlite'),
    uploads: join(dataDir, 'uploads'),
    backups: join(dataDir, 'backups'),
    builds: join(dataDir, 'builds'),
    /** Databases (and uploads) moved aside by a restore or an import, one folder per operation. */
    replaced: join(dataDir, 'replaced'),
    /** Written by a running server; restore and import refuse to run while it names a live process. */
    lockFile: join(dataDir, 'server.pid'),
    /** Left by a restore or an import so the next start rebuilds the public site at once. */
    rebuildMarker: join(dataDir, 'rebuild-site'),
  };
}

export type DataPaths = ReturnType<typeof dataPaths>;
