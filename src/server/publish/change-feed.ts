import { sql } from 'kysely';
import { writeTx } from '../db/database.ts';
import type { Db } from '../db/database.ts';
import {
  EVERY_PAGE_ABOVE,
  SITE_REQUEST,
  changeReason,
  pageChanges,
  siteRequest,
} from './change-map.ts';
import type { ChangeRow, SiteRequest } from './change-map.ts';

/**
 * The publisher's side of the change record (docs/decisions/150): the rows written after the last
 * published one, what they mean for the pages, and the mark saying up to which row the live site
 * is published, kept in the database so a restart (or another process) goes on from there.
 */

/** Published rows are kept this long (to see what a publish was about), then deleted. */
export const KEEP_PUBLISHED_MS = 7 * 24 * 60 * 60_000;

/** The id of the newest row of the record (0 when empty): the cheap question a poll asks. */
export async function lastChangeId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('public_changes')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/**
 * Asks the publishing node, whichever it is, for every page published again (a staff member's
 * rebuild, the webhook) or for a rollback: a row of the record, which that node reads as it reads
 * a write.
 */
export async function requestFromPublisher(db: Db, request: SiteRequest): Promise<void> {
  // in a write transaction: on PostgreSQL its lock keeps the record's ids in commit order
  await writeTx(db, (tx) =>
    tx
      .insertInto('public_changes')
      .values({
        table_name: SITE_REQUEST,
        row_id: null,
        kind: 'update',
        old: null,
        new: JSON.stringify(request),
      })
      .execute(),
  );
}

/** The id of the last row whose change is live on the site. */
export async function publishedUpTo(db: Db): Promise<number> {
  const row = await db
    .selectFrom('publish_cursor')
    .select('last_id')
    .where('id', '=', 1)
    .executeTakeFirst();
  return row?.last_id ?? 0;
}

/** Marks the rows up to `upTo` published (after the build showing them went live). */
export async function markPublished(db: Db, upTo: number): Promise<void> {
  const now = new Date().toISOString();
  // an import empties every table, this one too: the row comes back with the mark
  await db
    .insertInto('publish_cursor')
    .values({ id: 1, last_id: upTo, published_at: now })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        // the larger of the two, in words both databases know (SQLite's max(a, b) is GREATEST elsewhere)
        last_id: sql<number>`CASE WHEN excluded.last_id > publish_cursor.last_id THEN excluded.last_id ELSE publish_cursor.last_id END`,
        published_at: now,
      }),
    )
    .execute();
}

/** Deletes published rows older than KEEP_PUBLISHED_MS. */
export async function forgetPublished(db: Db, now = Date.now()): Promise<number> {
  const upTo = await publishedUpTo(db);
  const result = await db
    .deleteFrom('public_changes')
    .where('id', '<=', upTo)
    .where('committed_at', '<', new Date(now - KEEP_PUBLISHED_MS).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** What the rows after `after` ask of the publisher. */
export interface PendingChanges {
  /** the newest row read (the mark once they are published) */
  upTo: number;
  /** change-keys.ts names; null: every page */
  changes: string[] | null;
  reason: string;
  /** rollbacks asked for among the rows, each one switch back (or forward) */
  rollbacks: number;
}

/** The rows written after `after`, mapped to pages; null when there are none. */
export async function pendingChanges(db: Db, after: number): Promise<PendingChanges | null> {
  const upTo = await lastChangeId(db);
  if (upTo <= after) return null;
  // many rows (an import, a season copied) render every page without being read one by one
  const count = Number(
    (
      await db
        .selectFrom('public_changes')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('id', '>', after)
        .where('id', '<=', upTo)
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (count > EVERY_PAGE_ABOVE) {
    const requests = await db
      .selectFrom('public_changes')
      .select(['id', 'table_name as table', 'row_id as rowId', 'kind', 'old', 'new'])
      .where('id', '>', after)
      .where('id', '<=', upTo)
      .where('table_name', '=', SITE_REQUEST)
      .execute();
    return {
      upTo,
      changes: null,
      reason: `변경 기록 ${count}건 (전체 페이지)`,
      rollbacks: rollbacksOf(requests),
    };
  }
  const rows = await changeRows(db, after, upTo);
  return {
    upTo,
    changes: pageChanges(rows),
    reason: changeReason(rows),
    rollbacks: rollbacksOf(rows),
  };
}

const rollbacksOf = (rows: readonly ChangeRow[]) =>
  rows.filter((row) => siteRequest(row)?.action === 'rollback').length;

/** The rows of the record after `after` (up to `upTo`), oldest first. */
export async function changeRows(db: Db, after: number, upTo?: number): Promise<ChangeRow[]> {
  let query = db
    .selectFrom('public_changes')
    .select(['id', 'table_name', 'row_id', 'kind', 'old', 'new'])
    .where('id', '>', after);
  if (upTo !== undefined) query = query.where('id', '<=', upTo);
  const rows = await query.orderBy('id').execute();
  return rows.map((r) => ({
    id: r.id,
    table: r.table_name,
    rowId: r.row_id,
    kind: r.kind,
    old: r.old,
    new: r.new,
  }));
}
