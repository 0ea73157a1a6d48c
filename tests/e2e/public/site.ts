import { afterAll, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { openReadOnlyDb } from '../../../src/server/db/read-snapshot.ts';
import type { Db } from '../../../src/server/db/database.ts';
import { readRouteIndex } from '../../../src/server/read/route-index.ts';
import type { RouteIndex } from '../../../src/server/read/route-index.ts';
import { startSiteServer } from './site-server.ts';
import type { LoadedSite } from '../../../src/server/publish/static-site.ts';

/** The built demo site served for one test file, with its database for expectations. */
export interface SiteUnderTest {
  origin: string;
  siteDir: string;
  db: Db;
  index: RouteIndex;
  /** the build as the server holds it (files and `_redirects` rules) */
  build: LoadedSite;
  close(): Promise<void>;
}

/** Serves the build the global setup made (pages, CSV downloads, redirects) and opens its database read-only. */
export async function openSite(): Promise<SiteUnderTest> {
  const siteDir = inject('siteDir');
  const server = await startSiteServer(siteDir, inject('dbFile'));
  const opened = openReadOnlyDb(inject('dbFile'));
  const index = await readRouteIndex(opened.db);
  return {
    origin: server.origin,
    siteDir,
    db: opened.db,
    index,
    build: server.site,
    async close() {
      await server.close();
      opened.close();
    },
  };
}

/**
 * The built site served and a Chromium for one test file, opened at its top level (top-level await)
 * so its tests use them directly; both are closed after the file's tests.
 */
export async function openSiteInBrowser(): Promise<{ site: SiteUnderTest; browser: Browser }> {
  const site = await openSite();
  const browser = await launchBrowser();
  afterAll(async () => {
    await browser.close();
    await site.close();
  });
  return { site, browser };
}
