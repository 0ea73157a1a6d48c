/**
 * Generates the benchmark's large association into its own data folder (default bench/.data):
 *   node bench/generate-large.ts [--data-dir DIR]
 * The folder is wiped first (only if it is empty or was made by this script).
 */
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../src/server/db/database.ts';
import { seedLarge } from '../src/server/db/seed/large-seed.ts';
import type { LargeSeedCounts, LargeSeedOptions } from '../src/server/db/seed/large-seed.ts';

export const benchRoot = fileURLToPath(new URL('./', import.meta.url));
export const defaultDataDir = join(benchRoot, '.data');
const MARKER = '.bench-data';

export interface Generated extends LargeSeedCounts {
  dataDir: string;
  dbFile: string;
  totalMs: number;
  buildMs: number;
  insertMs: number;
  dbBytes: number;
}

/** Wipes the bench data folder and fills a fresh database with the large association. */
export async function generateLarge(
  dataDir = defaultDataDir,
  options: LargeSeedOptions = {},
): Promise<Generated> {
  const dir = resolve(dataDir);
  if (existsSync(dir) && readdirSync(dir).length > 0 && !existsSync(join(dir, MARKER))) {
    throw new Error(`${dir} is not empty and was not made by the bench; refusing to wipe it`);
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, MARKER), 'made by bench/generate-large.ts; wiped on every run\n');
  const dbFile = join(dir, 'sbsa.sqlite');
  const started = performance.now();
  const opened = openDatabase(dbFile);
  try {
    const result = await seedLarge(opened.db, options);
    opened.sqlite.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    opened.sqlite.exec('ANALYZE');
    return {
      ...result,
      dataDir: dir,
      dbFile,
      totalMs: Math.round(performance.now() - started),
      dbBytes: statSync(dbFile).size,
    };
  } finally {
    await opened.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { 'data-dir': { type: 'string' } } });
  const g = await generateLarge(values['data-dir'] ?? defaultDataDir);
  console.log(
    `large association in ${g.dataDir} (${(g.dbBytes / 1e6).toFixed(1)} MB) in ${(g.totalMs / 1000).toFixed(1)} s ` +
      `(simulate ${(g.buildMs / 1000).toFixed(1)} s, insert ${(g.insertMs / 1000).toFixed(1)} s)`,
  );
  console.log(
    `  seasons ${g.seasons} · leagues ${g.leagues} · teams ${g.teams} · players ${g.players} · coaches ${g.coaches}`,
  );
  console.log(
    `  games ${g.games} (final ${g.finalGames}, scheduled ${g.scheduledGames}) · batting lines ${g.battingLines} · pitching lines ${g.pitchingLines}`,
  );
  console.log(`  league roster entries ${g.leagueRosterEntries} · notices ${g.notices}`);
}
