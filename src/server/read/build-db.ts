import { resolve } from 'node:path';
import { openReadOnlyDb } from '../db/read-snapshot.ts';
import { isPostgresUrl, openPostgres } from '../db/open-postgres.ts';
import { seoulToday } from '../../lib/seoul-date.ts';
import type { Db } from '../db/database.ts';
import { dependsOn } from './read-deps.ts';

let opened: { file: string; db: Db } | undefined;

/**
 * The database a build reads: SBSA_DB_FILE (a SQLite file, or a postgres:// URL), else
 * ./data/sbsa.sqlite.
 */
export function buildDbFile(env: NodeJS.ProcessEnv = process.env): string {
  const named = env.SBSA_DB_FILE || './data/sbsa.sqlite';
  return isPostgresUrl(named) ? named : resolve(named);
}

/** The public origin for canonical links and feeds: PUBLIC_ORIGIN, else http://localhost:4321. */
export function publicOrigin(env: NodeJS.ProcessEnv = process.env): string {
  return (env.PUBLIC_ORIGIN || 'http://localhost:4321').replace(/\/+$/, '');
}

/**
 * "Today" in Asia/Seoul for upcoming and recent games; SBSA_TODAY (YYYY-MM-DD) pins it for
 * reproducible builds. A page that asks reads the `today` key (read-deps.ts).
 */
export function buildToday(env: NodeJS.ProcessEnv = process.env, now = new Date()): string {
  dependsOn('today');
  if (env.SBSA_TODAY && /^\d{4}-\d{2}-\d{2}$/.test(env.SBSA_TODAY)) return env.SBSA_TODAY;
  return seoulToday(now);
}

// The renderer (src/server/publish/render-worker.ts) renders many publishes in one process, each
// from its own snapshot. Pages reach this module through Astro's bundle, a copy of it that the
// renderer cannot import, so the job's database is handed over on globalThis under a shared symbol.
const RENDER_JOB = Symbol.for('sbsa.render-job');

interface RenderJob {
  db: Db | null;
  /** what reads of the set of pages are memoized under (`pathsScope`) */
  paths: object;
  /** what reads kept while their data is unchanged are memoized under, by their keys (`keysScope`) */
  kept: Map<string, { keys: readonly string[] }>;
  /** whether this job's reads may be kept for the jobs after it */
  keeping: boolean;
}

function renderJob(): RenderJob {
  const g = globalThis as { [RENDER_JOB]?: RenderJob };
  g[RENDER_JOB] ??= { db: null, paths: {}, kept: new Map(), keeping: false };
  return g[RENDER_JOB];
}

/** Key sets whose reads a renderer keeps between jobs: about two per league, the least used go. */
const KEPT_KEY_SETS = 32;

export interface RenderJobOptions {
  /** the job's change left every page's path as it was */
  samePaths?: boolean;
  /**
   * the data keys changed since the job before, of every change since then; null when not known
   * (another database file, a render of every page, a renderer's first job): nothing is kept
   */
  changed?: ReadonlySet<string> | null;
}

/**
 * Makes `buildDb()` answer with `db` until called again with null: one render job's snapshot.
 * Read memos (`memoByDb`) are per handle, so they start empty with each job and go with it, with
 * two exceptions:
 * - the reads of the set of pages: with `samePaths` they are kept from the job before, as Astro
 *   keeps its routes' paths then;
 * - the reads memoized under `keysScope`: kept from the jobs before while none of their keys is
 *   in `changed`. By the rule that picks the pages to render, data whose keys no change named is
 *   the same data: a saved record leaves the standings and leaders of the season's other leagues
 *   as they were, and the home page need not read them again.
 */
export function setRenderJobDb(
  db: Db | null,
  { samePaths = false, changed = null }: RenderJobOptions = {},
): void {
  const job = renderJob();
  if (db) {
    if (!samePaths) job.paths = {};
    if (changed === null) job.kept.clear();
    else
      for (const [id, { keys }] of job.kept)
        if (keys.some((key) => changed.has(key))) job.kept.delete(id);
    job.keeping = changed !== null;
  }
  job.db = db;
}

/**
 * What a read of the set of pages is memoized under: in a render job, the paths it shares with the
 * jobs before it since the last one that listed every path; elsewhere the handle itself.
 */
export function pathsScope(db: Db): object {
  const job = renderJob();
  return db === job.db ? job.paths : db;
}

/**
 * What a read whose result is the data of `keys` and nothing else is memoized under: in a render
 * job that may keep reads, one object per set of keys, kept until one of the keys changes
 * (`setRenderJobDb`); elsewhere the handle itself.
 */
export function keysScope(db: Db, keys: readonly string[]): object {
  const job = renderJob();
  if (db !== job.db || !job.keeping) return db;
  const id = keys.join(' ');
  // set again at the end: the map's order is the order of use
  const scope = job.kept.get(id) ?? { keys: [...keys] };
  job.kept.delete(id);
  job.kept.set(id, scope);
  if (job.kept.size > KEPT_KEY_SETS) job.kept.delete(job.kept.keys().next().value!);
  return scope;
}

/** The build's database: the render job's snapshot, else the file opened once per build process. */
export function buildDb(): Db {
  const job = renderJob().db;
  if (job) return job;
  const file = buildDbFile();
  // a whole `astro build` on PostgreSQL reads through a pool of its own: the publisher renders
  // from snapshots (openReadSnapshot), this path is the command-line build
  if (!opened || opened.file !== file)
    opened = { file, db: isPostgresUrl(file) ? openPostgres(file).db : openReadOnlyDb(file).db };
  return opened.db;
}
