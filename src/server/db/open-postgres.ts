import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { OpenedPostgres } from './database.ts';
import type { Database } from './schema.ts';

/** PostgreSQL type ids whose text pg leaves as strings to keep every digit. */
const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * pg gives bigint (count(*), sum of integers) and numeric (avg) as strings, since they may not fit
 * a JavaScript number; ours are counts, ids and averages well inside 2^53, and every caller expects
 * the numbers SQLite gives. Set on this pool's clients only, not pg's global table.
 */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID || oid === NUMERIC_OID) return (text: string) => Number(text);
    return pg.types.getTypeParser(oid, format);
  },
};

/** How every connection of ours is made: numbers as numbers, the session in UTC. */
export function pgClientOptions(url: string): pg.ClientConfig {
  return { connectionString: url, types, options: '-c timezone=UTC' };
}

/** Largest number of connections one app node holds. */
const POOL_SIZE = 10;

/**
 * Connects to PostgreSQL (`DATABASE_URL=postgres://user@host:port/db`) through Kysely's
 * PostgresDialect and the pure-JavaScript `pg` package. Sessions run in UTC, so the ISO text the
 * schema's defaults write is the same as SQLite's.
 */
export function openPostgres(url: string): OpenedPostgres {
  const pool = new pg.Pool({ ...pgClientOptions(url), max: POOL_SIZE });
  // an idle connection dropped by the server must not crash the process; the pool replaces it
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    kind: 'postgres',
    sqlite: null,
    pool,
    url,
    db,
    async close() {
      // destroy ends the pool
      await db.destroy().catch(() => undefined);
    },
  };
}

/** Whether a setting names a PostgreSQL server rather than the SQLite file. */
export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//i.test(url);
}
