import type { Db } from '../db/database.ts';
import type { Row } from '../db/schema.ts';

export interface PublishRun {
  id: number;
  reason: string;
  status: 'running' | 'success' | 'failed';
  startedAt: string;
  finishedAt: string | null;
  pages: number | null;
  durationMs: number | null;
  error: string | null;
  /** the midnight check: pages changed that no change had named; null when the run was not checked */
  unnamedPages: number | null;
}

/** The newest midnight check of the render dependencies (docs/decisions/125). */
export interface NightlyCheckRun {
  runId: number;
  startedAt: string;
  /** pages the rebuild changed that no change before it had named */
  unnamedPages: number;
  /** the first 20 of them, as site paths */
  files: string[];
}

export interface PublishStatus {
  /** a build is in progress now */
  running: boolean;
  /** the build in progress, if any */
  current: PublishRun | null;
  /** the newest finished build (success or failure) */
  lastFinished: PublishRun | null;
  /** the newest successful build: what the public site shows */
  lastSuccess: PublishRun | null;
  /** newest first */
  runs: PublishRun[];
}

export function toPublishRun(row: Row<'publish_runs'>): PublishRun {
  return {
    id: row.id,
    reason: row.reason,
    status: row.status,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    pages: row.pages,
    durationMs: row.duration_ms,
    // Only the first line: a build log can be long and is for the server's log, not the dashboard.
    error: row.error === null ? null : row.error.split('\n')[0].slice(0, 500),
    unnamedPages: row.unnamed_pages,
  };
}

/** The newest publish run, or null before the first build. */
export async function latestPublishRun(db: Db): Promise<PublishRun | null> {
  const row = await db
    .selectFrom('publish_runs')
    .selectAll()
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? toPublishRun(row) : null;
}

/** The newest run the midnight check looked at, or null before one. */
export async function latestNightlyCheck(db: Db): Promise<NightlyCheckRun | null> {
  const row = await db
    .selectFrom('publish_runs')
    .select(['id', 'started_at', 'unnamed_pages', 'unnamed_files'])
    .where('unnamed_pages', 'is not', null)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row || row.unnamed_pages === null) return null;
  return {
    runId: row.id,
    startedAt: row.started_at,
    unnamedPages: row.unnamed_pages,
    files: storedFiles(row.unnamed_files).map(siteAddress),
  };
}

/** The stored list of paths; a row edited by hand into something else shows none, not an error. */
function storedFiles(json: string | null): string[] {
  try {
    const files: unknown = JSON.parse(json ?? '[]');
    return Array.isArray(files) ? files.filter((f): f is string => typeof f === 'string') : [];
  } catch {
    return [];
  }
}

/** The address a build's file is read at: 'sbsa/team/3/index.html' → '/sbsa/team/3/'. */
export const siteAddress = (rel: string) => `/${rel.replace(/(^|\/)index\.html$/, '$1')}`;

/** The read side of the publisher: the latest runs of `publish_runs` and whether one is running. */
export async function publishStatus(db: Db, limit = 10): Promise<PublishStatus> {
  const newest = (q: ReturnType<typeof base>) =>
    q.orderBy('started_at', 'desc').orderBy('id', 'desc');
  const base = () => db.selectFrom('publish_runs').selectAll();
  const [runs, current, lastFinished, lastSuccess] = await Promise.all([
    newest(base()).limit(limit).execute(),
    newest(base().where('status', '=', 'running')).executeTakeFirst(),
    newest(base().where('status', '!=', 'running')).executeTakeFirst(),
    newest(base().where('status', '=', 'success')).executeTakeFirst(),
  ]);
  return {
    running: current !== undefined,
    current: current ? toPublishRun(current) : null,
    lastFinished: lastFinished ? toPublishRun(lastFinished) : null,
    lastSuccess: lastSuccess ? toPublishRun(lastSuccess) : null,
    runs: runs.map(toPublishRun),
  };
}
