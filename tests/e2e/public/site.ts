import { inject } from 'vitest';
import { openReadOnlyDb } from '../../../src/server/read/build-db.ts';
import type { Db } from '../../../src/server/db/database.ts';
import { readRouteIndex } from '../../../src/server/read/route-index.ts';
import type { RouteIndex } from '../../../src/server/read/route-index.ts';
import { startStaticServer } from './static-server.ts';

/** The built demo site served for one test file, with its database for expectations. */
export interface SiteUnderTest {
  origin: string;
  siteDir: string;
  db: Db;
  index: RouteIndex;
  close(): Promise<void>;
}

/** Serves the build the global setup made and opens its database read-only. */
export async function openSite(): Promise<SiteUnderTest> {
  const siteDir = inject('siteDir');
  const server = await startStaticServer(siteDir);
  const opened = openReadOnlyDb(inject('dbFile'));
  const index = await readRouteIndex(opened.db);
  return {
    origin: server.origin, siteDir, db: opened.db, index,
    async close() {
      await server.close();
      opened.close();
    },
  };
}
