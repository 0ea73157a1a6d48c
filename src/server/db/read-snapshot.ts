import { existsSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresDialect } from 'kysely';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { NodeSqliteDialect } from './node-sqlite-dialect.ts';
import { isPostgresUrl, pgClientOptions } from './open-postgres.ts';
import type { Db } from './database.ts';
import type { Database } from './schema.ts';

/** One read-only view of the database as it was at one moment. */
export interface ReadSnapshot {
  db: Db;
  close(): Promise<void>;
}

/**
 * Opens a database file read-only inside one read transaction, so every page of a build sees the
 * same snapshot even while the server keeps writing (WAL readers never block writers).
 */
export function openReadOnlyDb(file: string): { db: Db; close(): void } {
  if (!existsSync(file))
    throw new Error(
      `사이트를 만들 데이터베이스 파일이 없습니다 (database file not found): ${file} — SBSA_DB_FILE을 확인하세요.`,
    );
  const sqlite = new DatabaseSync(file, { readOnly: true, timeout: 5000 });
  sqlite.exec('BEGIN');
  // A deferred transaction takes its snapshot at the first read.
  sqlite.prepare('SELECT count(*) FROM sqlite_master').get();
  const db = new Kysely<Database>({ dialect: new NodeSqliteDialect(sqlite) });
  return {
    db,
    close() {
      if (!sqlite.isOpen) return;
      if (sqlite.isTransaction) sqlite.exec('ROLLBACK');
      sqlite.close();
    },
  };
}

/**
 * The snapshot one render job reads (decision 151): the SQLite file's read transaction, or on
 * PostgreSQL (`source` a postgres:// URL) one connection in a REPEATABLE READ, READ ONLY
 * transaction, whose snapshot is taken at its first query and holds for every page of the job.
 * Kysely is handed that one connection as its pool, so every query of the job runs in it, one
 * after another.
 */
export async function openReadSnapshot(source: string): Promise<ReadSnapshot> {
  if (!isPostgresUrl(source)) {
    const opened = openReadOnlyDb(source);
    return { db: opened.db, close: async () => opened.close() };
  }
  const client = new pg.Client(pgClientOptions(source));
  // a dropped connection fails the job's next query; it must not crash the renderer
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query('SELECT 1');
  } catch (err) {
    await client.end().catch(() => undefined);
    throw err;
  }
  // one query at a time on the connection, in the order asked: the job's pages render side by
  // side, and pg leaves queueing to its caller (it warns of queries sent while one runs)
  let last: Promise<unknown> = Promise.resolve();
  const connection = {
    query(text: string, parameters: unknown[]) {
      const run = last.then(() => client.query(text, parameters));
      last = run.catch(() => undefined);
      return run;
    },
    release() {},
  } as unknown as PostgresPoolClient;
  const pool: PostgresPool = {
    connect: async () => connection,
    end: async () => undefined,
    options: {},
  };
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    async close() {
      await client.query('ROLLBACK').catch(() => undefined);
      await client.end().catch(() => undefined);
    },
  };
}
