import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { Hono } from 'hono';
import { openDatabase } from '../../../src/server/db/database.ts';
import { csvDownloads } from '../../../src/server/site/csv-downloads.ts';
import { loadSite } from '../../../src/server/publish/static-site.ts';
import type { LoadedSite } from '../../../src/server/publish/static-site.ts';
import { nodeListener, serveSite, siteFastPath } from '../../../src/server/publish/serve-site.ts';

export interface SiteServer {
  origin: string;
  site: LoadedSite;
  close(): Promise<void>;
}

/**
 * Serves a build as the server does: the CSV downloads from the demo database (src/server/app.ts
 * mounts the same handler), everything else from the build in memory as the server serves it.
 */
export async function startSiteServer(siteDir: string, dbFile: string): Promise<SiteServer> {
  const site = await loadSite('e2e', siteDir);
  const opened = openDatabase(dbFile);
  const app = new Hono();
  app.get('/sbsa/csv/*', csvDownloads(opened.db));
  app.all(
    '*',
    serveSite(() => site),
  );

  // the server's own arrangement (src/server/index.ts): files from memory first, then the app
  const server = createServer(nodeListener(app.fetch, [siteFastPath(() => site)]));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    site,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await opened.close();
    },
  };
}
