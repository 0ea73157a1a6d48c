/**
 * Lighthouse, mobile (its default: a mid-range phone on a slow 4G link, simulated), on four public
 * pages of the demo association as `npm start` serves them: the main page, a box score, a player
 * page and the records room. Starts its own server on a fresh data folder, prints one table of
 * the median of each category over the runs and exits; it checks nothing (`npm run
 * test:lighthouse` does, with the same runs: tests/lighthouse/lighthouse-check.ts).
 *
 * Usage: npm run lighthouse [-- --runs N --keep]   (3 runs unless told; --keep leaves the data
 * folder and each page's median run as JSON in place)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { dataPaths } from '../src/server/ops/data-paths.ts';
import { buildCacheDir } from '../src/server/publish/publisher.ts';
import { workDirFor } from '../src/server/publish/run-astro-build.ts';
import { openReadOnlyDb } from '../src/server/db/read-snapshot.ts';
import { readRouteIndex } from '../src/server/read/route-index.ts';
import { pageTypes } from '../tests/e2e/public/page-types.ts';
import { CATEGORIES, checkPage, chromiumPath } from '../tests/lighthouse/lighthouse-check.ts';
import { SERVER_NODE_FLAGS, freePort, serverEntry, waitForHttp, waitQuiet } from './lib/proc.ts';

const { values } = parseArgs({
  options: { keep: { type: 'boolean' }, runs: { type: 'string', default: '3' } },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs takes a whole number ≥ 1, not ${values.runs}`);

const dataDir = mkdtempSync(join(tmpdir(), 'sbsa-lighthouse-'));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverEntry('.')], {
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_PASSWORD: 'lighthouse-admin-1',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let alive = true;
server.on('exit', () => {
  alive = false;
});

try {
  process.stdout.write('starting the server on a fresh data folder (seed and first build) …\n');
  await waitForHttp(
    `${origin}/sbsa`,
    (res) => res.status === 200,
    300_000,
    () => alive,
  );
  const opened = openReadOnlyDb(dataPaths(dataDir).dbFile);
  const types = pageTypes(await readRouteIndex(opened.db));
  opened.close();

  // the first build's files are compressed again in the background: not in the first page's runs
  await waitQuiet(server.pid!);

  const rows: string[][] = [];
  let version = '';
  for (const kind of ['main', 'boxScore', 'player', 'records'] as const) {
    const result = await checkPage(origin + types[kind], { runs });
    version = result.lighthouseVersion;
    const lhr = result.median;
    if (values.keep)
      writeFileSync(join(dataDir, `lighthouse-${kind}.json`), JSON.stringify(lhr, null, 2));
    const score = (c: (typeof CATEGORIES)[number]) =>
      String(Math.round((result.categories[c].score ?? 0) * 100));
    const ms = (a: string) => `${((lhr.audits[a]?.numericValue ?? 0) / 1000).toFixed(1)} s`;
    rows.push([
      kind,
      types[kind],
      ...CATEGORIES.map(score),
      ms('first-contentful-paint'),
      ms('largest-contentful-paint'),
      `${String(Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0))} ms`,
    ]);
  }

  const header = [
    'page',
    'path',
    'performance',
    'accessibility',
    'best practices',
    'SEO',
    'FCP',
    'LCP',
    'TBT',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  process.stdout.write(
    `\nLighthouse ${version}, mobile (simulated slow 4G, 4× CPU slowdown), ${chromiumPath()}, ` +
      `median of ${runs} run${runs === 1 ? '' : 's'} (FCP, LCP and TBT of the median performance run)\n\n`,
  );
  process.stdout.write(
    `${[line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n')}\n`,
  );
  if (values.keep) process.stdout.write(`\nreports and data: ${dataDir}\n`);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => (alive ? server.once('exit', resolve) : resolve(null)));
  if (!values.keep) {
    // the renderer's code folder of a data folder outside the project lives under .astro/site-work
    const work = workDirFor(buildCacheDir(dataDir));
    for (const path of [work, `${work}.owner`, `${work}.prerender`])
      rmSync(path, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}
