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
