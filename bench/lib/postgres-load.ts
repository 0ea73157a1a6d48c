import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { openPostgres, pgClientOptions } from '../../src/server/db/open-postgres.ts';
import { advanceIdentities } from '../../src/server/db/identity-sequences.ts';

/** Rows per INSERT: few round trips, and well under PostgreSQL's 65,535 parameters a statement. */
const ROWS_PER_STATEMENT = 1000;
const MAX_PARAMETERS = 60_000;

export interface PostgresLoad {
  tables: number;
  rows: number;
  ms: number;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Copies every table of the generated SQLite file into a migrated PostgreSQL database with the
 * same ids, then moves the identity sequences past them and marks the change record published.
 * The generator writes SQLite only (its batched inserts are node:sqlite's), so the bench makes the
 * association there once and loads the same rows here.
 */
export async function loadIntoPostgres(sqliteFile: string, url: string): Promise<PostgresLoad> {
  const started = performance.now();
  const source = new DatabaseSync(sqliteFile, { readOnly: true });
  const client = new pg.Client(pgClientOptions(url));
  await client.connect();
  let rows = 0;
  let tables: string[] = [];
  try {
    tables = (
      source
        .prepare(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations' ORDER BY name",
        )
        .all() as { name: string }[]
    ).map((t) => t.name);
    await client.query('BEGIN');
    // Replica mode skips the foreign-key checks and every ordinary trigger: the tables can be
    // filled in any order, and the change-record triggers do not log a change per copied row (the
    // copy of public_changes is the record) nor take the write lock once per row. Only a
    // superuser may set it, as the bench's throw-away cluster's `postgres` user is.
    await client.query('SET LOCAL session_replication_role = replica');
    for (const table of tables) {
      // rows the migrations put in (publish_cursor's one row) are replaced by the file's
      await client.query(`DELETE FROM ${quote(table)}`);
      const columns = (
        source.prepare(`PRAGMA table_info(${quote(table)})`).all() as { name: string }[]
      ).map((c) => c.name);
      const perStatement = Math.max(
        1,
        Math.min(ROWS_PER_STATEMENT, Math.floor(MAX_PARAMETERS / columns.length)),
      );
      const select = source.prepare(`SELECT ${columns.map(quote).join(', ')} FROM ${quote(table)}`);
      select.setReturnArrays(true);
      let batch: unknown[][] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        const values = batch
          .map((_, r) => `(${columns.map((_c, c) => `$${r * columns.length + c + 1}`).join(', ')})`)
          .join(', ');
        await client.query(
          `INSERT INTO ${quote(table)} (${columns.map(quote).join(', ')}) VALUES ${values}`,
          batch.flat().map((v) => (v instanceof Uint8Array ? Buffer.from(v) : v)),
        );
        rows += batch.length;
        batch = [];
      };
      for (const row of select.iterate() as Iterable<unknown[]>) {
        batch.push(row);
        if (batch.length === perStatement) await flush();
      }
      await flush();
    }
    // everything copied is on the site the full build makes: nothing of it is left to publish
    await client.query(
      'UPDATE publish_cursor SET last_id = (SELECT COALESCE(max(id), 0) FROM public_changes) WHERE id = 1',
    );
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
    source.close();
  }
  const opened = openPostgres(url);
  try {
    await advanceIdentities(opened.db);
  } finally {
    await opened.close();
  }
  return { tables: tables.length, rows, ms: performance.now() - started };
}
