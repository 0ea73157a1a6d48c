/**
 * Seeds a fresh demo database and builds the public site from it, as the publisher would.
 * Usage: node scripts/build-demo-site.ts [--out DIR] [--db FILE] [--origin URL]
 * Prints one JSON line: { dbFile, outDir, pages, buildMs }.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/server/db/database.ts';
import { seedDemo } from '../src/server/db/seed/demo-seed.ts';
import { runAstroBuild } from '../src/server/publish/run-astro-build.ts';
import { DEMO_TODAY } from '../src/server/db/seed/catalog.ts';

export interface DemoSiteOptions {
  /** where the site is written; a new temp folder when absent */
  outDir?: string;
  /** the database file; seeded when it does not exist yet */
  dbFile?: string;
  origin?: string;
  /** show Astro's output */
  verbose?: boolean;
}

export interface DemoSite {
  dbFile: string;
  outDir: string;
  pages: number;
  buildMs: number;
}

/** Creates (or reuses) a demo database with the demo association in it. */
export async function seedDemoDatabase(dbFile: string): Promise<void> {
  mkdirSync(dirname(dbFile), { recursive: true });
  const opened = openDatabase(dbFile);
  try {
    await seedDemo(opened.db);
    // Fold the WAL back so a read-only reader needs nothing but the file.
    opened.sqlite.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  } finally {
    await opened.close();
  }
}

/** Counts the HTML pages of a build. */
export function countPages(dir: string): number {
  let pages = 0;
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) pages += countPages(path);
    else if (entry.endsWith('.html')) pages++;
  }
  return pages;
}

/** Seeds the demo database if needed and builds the site from it. */
export async function buildDemoSite(options: DemoSiteOptions = {}): Promise<DemoSite> {
  const work =
    options.outDir && options.dbFile ? null : mkdtempSync(join(tmpdir(), 'sbsa-demo-site-'));
  const dbFile = resolve(options.dbFile ?? join(work!, 'sbsa.sqlite'));
  const outDir = resolve(options.outDir ?? join(work!, 'dist'));
  if (!existsSync(dbFile)) await seedDemoDatabase(dbFile);
  rmSync(outDir, { recursive: true, force: true });
  const started = performance.now();
  await runAstroBuild({
    dbFile,
    outDir,
    publicOrigin: options.origin ?? 'http://localhost:4321',
    today: DEMO_TODAY,
    verbose: options.verbose,
  });
  return {
    dbFile,
    outDir,
    pages: countPages(outDir),
    buildMs: Math.round(performance.now() - started),
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      db: { type: 'string' },
      origin: { type: 'string' },
      verbose: { type: 'boolean' },
    },
  });
  const site = await buildDemoSite({
    outDir: values.out,
    dbFile: values.db,
    origin: values.origin,
    verbose: values.verbose,
  });
  process.stdout.write(`${JSON.stringify(site)}\n`);
}
