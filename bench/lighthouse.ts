/**
 * Lighthouse, mobile (its default: a mid-range phone on a slow 4G link, simulated), on four public
 * pages of the demo association as `npm start` serves them: the main page, a box score, a player
 * page and the records room. Starts its own server on a fresh data folder, prints one table and exits; it checks nothing.
 *
 * Usage: npm run lighthouse [-- --keep]   (--keep leaves the data folder and the JSON reports in place)
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';
import { dataPaths } from '../src/server/ops/data-paths.ts';
import { openReadOnlyDb } from '../src/server/read/build-db.ts';
import { readRouteIndex } from '../src/server/read/route-index.ts';
import { pageTypes } from '../tests/e2e/public/page-types.ts';
import { SERVER_NODE_FLAGS, freePort, serverEntry, waitForHttp } from './lib/proc.ts';

const { values } = parseArgs({ options: { keep: { type: 'boolean' } } });
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

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

  const cli = createRequire(import.meta.url).resolve('lighthouse/cli/index.js');
  const rows: string[][] = [];
  for (const kind of ['main', 'boxScore', 'player', 'records'] as const) {
    const url = origin + types[kind];
    const json = execFileSync(
      process.execPath,
      [
        cli,
        url,
        '--quiet',
        '--output=json',
        '--output-path=stdout',
        `--only-categories=${categories.join(',')}`,
        `--chrome-path=${chromium}`,
        '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking',
      ],
      { maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' },
    );
    const lhr = JSON.parse(json) as {
      categories: Record<string, { score: number | null }>;
      audits: Record<string, { numericValue?: number }>;
    };
    if (values.keep) writeFileSync(join(dataDir, `lighthouse-${kind}.json`), json);
    const score = (c: string) => String(Math.round((lhr.categories[c]?.score ?? 0) * 100));
    const ms = (a: string) => `${((lhr.audits[a]?.numericValue ?? 0) / 1000).toFixed(1)} s`;
    rows.push([
      kind,
      types[kind],
      ...categories.map(score),
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
    `\nLighthouse ${lighthouseVersion()}, mobile (simulated slow 4G, 4× CPU slowdown), ${chromium}\n\n`,
  );
  process.stdout.write(
    `${[line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n')}\n`,
  );
  if (values.keep) process.stdout.write(`\nreports and data: ${dataDir}\n`);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => (alive ? server.once('exit', resolve) : resolve(null)));
  if (!values.keep) rmSync(dataDir, { recursive: true, force: true });
}

function lighthouseVersion(): string {
  return (createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version;
}
