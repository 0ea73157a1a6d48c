import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import { onPostgres } from './dialect.ts';
import type { Database } from './schema.ts';

/**
 * One write at a time on PostgreSQL, as SQLite's BEGIN IMMEDIATE gives (decision 151). The
 * services were written for writes that never interleave (read a row, check, write), and the
 * change record's ids must be drawn in commit order, or the publisher's mark could pass a change
 * committed after a later one. Every write transaction and every change-record trigger takes this
 * transaction-level advisory lock first; readers never wait for it.
 */
export const WRITE_LOCK = 4_215_150;

/** Takes the write lock for the rest of the transaction (nothing to do on SQLite). */
export async function serializeWrites(tx: Transaction<Database>): Promise<void> {
  if (onPostgres(tx)) await sql`SELECT pg_advisory_xact_lock(${sql.lit(WRITE_LOCK)})`.execute(tx);
}
