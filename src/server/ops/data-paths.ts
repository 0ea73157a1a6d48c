import { join } from 'node:path';

/**
 * Where each piece of state lives (decision 152). One node keeps everything in its data folder
 * (DESIGN.md §2: back up that folder and you have everything). Several app nodes of one database
 * share a folder (`SHARED_DIR`) for what every node reads or writes: the database file, uploads,
 * site builds, backups and the JWT secret; each keeps in its own data folder only what is its own
 * (its lock, and the renderer's code build: `buildCacheDir` in publisher.ts). Without
 * `SHARED_DIR` the two are one folder and every path is what it always was.
 */
export function dataPaths(dataDir: string, sharedDir: string = dataDir) {
  return {
    dataDir,
    sharedDir,
    dbFile: join(sharedDir, 'sbsa.sqlite'),
    uploads: join(sharedDir, 'uploads'),
    backups: join(sharedDir, 'backups'),
    builds: join(sharedDir, 'builds'),
    /** Databases (and uploads) moved aside by a restore or an import, one folder per operation. */
    replaced: join(sharedDir, 'replaced'),
    /** Left by a restore or an import so the next start rebuilds the public site at once. */
    rebuildMarker: join(sharedDir, 'rebuild-site'),
    /**
     * One file per node of a shared folder, saying that it runs (its server, or a restore or an
     * import on its folder): server-lock.ts. Unused when the node's folder is the shared one.
     */
    nodes: join(sharedDir, 'nodes'),
    /** The access tokens' signing secret when JWT_SECRET is not set: the same for every node. */
    jwtSecret: join(sharedDir, 'jwt-secret'),
    /** Written by a running server; restore and import refuse to run while it names a live process. */
    lockFile: join(dataDir, 'server.pid'),
  };
}

export type DataPaths = ReturnType<typeof dataPaths>;
