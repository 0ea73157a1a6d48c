import { sql } from 'kysely';
import type { Db } from './database.ts';
import { onPostgres } from './dialect.ts';

/**
 * The counter of an append-only table whose ids are given by the writer (the access record of
 * personal data, decision 146): the highest id ever written, which a deleted last row does not
 * lower. SQLite keeps it in sqlite_sequence (AUTOINCREMENT); on PostgreSQL it is the identity
 * column's sequence, which `rememberAppended` moves to each id written by hand.
 */
export async function highestAppended(db: Db, table: string): Promise<number> {
  if (onPostgres(db)) {
    // last_value is null until the sequence was first set or drawn from
    const { rows } = await sql<{ seq: number | null }>`
      SELECT last_value AS seq FROM pg_sequences WHERE schemaname = current_schema()
      AND sequencename = ${`${table}_id_seq`}`.execute(db);
    return Number(rows[0]?.seq ?? 0);
  }
  const { rows } = await sql<{
    seq: number;
  }>`SELECT seq FROM sqlite_sequence WHERE name = ${table}`.execute(db);
  return Number(rows[0]?.seq ?? 0);
}

/** Records that `id` was written to `table` (SQLite's AUTOINCREMENT does this by itself). */
export async function rememberAppended(db: Db, table: string, id: number): Promise<void> {
  if (!onPostgres(db)) return;
  await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), ${id})`.execute(db);
}

/**
 * Makes the appender the only writer of the table until its transaction ends, so two appends
 * never chain to the same last row. SQLite's write transactions (BEGIN IMMEDIATE) are already
 * one at a time; on PostgreSQL a table lock that readers pass through does it.
 */
export async function lockForAppend(db: Db, table: string): Promise<void> {
  if (!onPostgres(db)) return;
  await sql`LOCK TABLE ${sql.table(table)} IN SHARE ROW EXCLUSIVE MODE`.execute(db);
}
