import { existsSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildDemoSite, countPages } from '../../../scripts/build-demo-site.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    siteDir: string;
    dbFile: string;
    buildMs: number;
    pages: number;
  }
}

/**
 * Builds the demo site once for all browser tests. SBSA_E2E_SITE and SBSA_E2E_DB reuse an earlier
 * build (e.g. from `node scripts/build-demo-site.ts --out … --db …`) instead.
 */
export default async function setup(project: TestProject) {
  const reuseSite = process.env.SBSA_E2E_SITE;
  const reuseDb = process.env.SBSA_E2E_DB;
  if (reuseSite && reuseDb && existsSync(reuseSite) && existsSync(reuseDb)) {
    project.provide('siteDir', reuseSite);
    project.provide('dbFile', reuseDb);
    project.provide('buildMs', -1);
    project.provide('pages', countPages(reuseSite));
    return;
  }
  const site = await buildDemoSite();
  project.provide('siteDir', site.outDir);
  project.provide('dbFile', site.dbFile);
  project.provide('buildMs', site.buildMs);
  project.provide('pages', site.pages);
  return () => rmSync(dirname(site.outDir), { recursive: true, force: true });
}
