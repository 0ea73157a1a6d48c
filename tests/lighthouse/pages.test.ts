import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForHttp, waitQuiet } from '../../bench/lib/proc.ts';
import { dataPaths } from '../../src/server/ops/data-paths.ts';
import { buildCacheDir } from '../../src/server/publish/publisher.ts';
import { workDirFor } from '../../src/server/publish/run-astro-build.ts';
import { openReadOnlyDb } from '../../src/server/db/read-snapshot.ts';
import { readRouteIndex } from '../../src/server/read/route-index.ts';
import { pageTypes } from '../e2e/public/page-types.ts';
import type { ChildServer } from '../ops/helpers/child-server.ts';
import { startServer } from '../ops/helpers/child-server.ts';
import { CATEGORIES, CI_THRESHOLDS, checkPage, formatFailures, judge } from './lighthouse-check.ts';

/**
 * The pages Lighthouse 100 is promised for (SPEC/DESIGN §10), as `npm start` serves them: the real
 * server on a fresh data folder with the demo association, so its headers, CSP and compression
 * count in best practices and performance.
 */
const PAGES = ['main', 'boxScore', 'player', 'records'] as const;

let dataDir: string;
let server: ChildServer | undefined;
let paths: Record<string, string>;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'sbsa-lighthouse-'));
  // BUILD_SITE unset: the server seeds the demo association and builds the site as in production
  server = await startServer(dataDir, { BUILD_SITE: undefined }, 120_000);
  const alive = () => server?.proc.exitCode === null;
  await waitForHttp(`${server.url}/sbsa`, (res) => res.status === 200, 240_000, alive);
  const opened = openReadOnlyDb(dataPaths(dataDir).dbFile);
  paths = pageTypes(await readRouteIndex(opened.db));
  opened.close();
  // after the first build the server still compresses its files again in the background: that
  // work would fall into the first page's runs
  await waitQuiet(server.proc.pid!);
});

afterAll(async () => {
  await server?.stop();
  if (!dataDir) return;
  // the renderer's code folder of a data folder outside the project lives under .astro/site-work
  const work = workDirFor(buildCacheDir(dataDir));
  rmSync(work, { recursive: true, force: true });
  rmSync(`${work}.owner`, { force: true });
  rmSync(`${work}.prerender`, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('Lighthouse, mobile, median of 3 runs', () => {
  it.each(PAGES)(
    '%s page: performance ≥ 90, accessibility, best practices and SEO 100',
    async (kind) => {
      const result = await checkPage(server!.url + paths[kind], { page: paths[kind] });
      // the scores in the log, to see how far above its threshold each page stays
      const scores = CATEGORIES.map(
        (c) => `${c} ${result.categories[c].runs.map((s) => Math.round((s ?? 0) * 100)).join('/')}`,
      );
      process.stdout.write(`${paths[kind]}: ${scores.join(', ')}\n`);
      const failures = judge([result], CI_THRESHOLDS);
      expect(
        failures.map((f) => `${f.page} ${f.category}`),
        `\n${formatFailures(failures)}\n`,
      ).toEqual([]);
    },
  );
});
