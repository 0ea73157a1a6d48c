import { DatabaseSync } from 'node:sqlite';
import { Kysely } from 'kysely';
import type { Transaction } from 'kysely';
import type { Pool } from 'pg';
import { NodeSqliteDialect } from './node-sqlite-dialect.ts';
import { migrate } from './migrate.ts';
import type { Database } from './schema.ts';
import { serializeWrites } from './write-order.ts';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;

/** The embedded SQLite file (the default) or a PostgreSQL server (`DATABASE_URL`, decision 151). */
export type DatabaseKind = 'sqlite' | 'postgres';

export interface OpenedDatabase {
  kind: 'sqlite';
  sqlite: DatabaseSync;
  db: Db;
  close(): Promise<void>;
}

export interface OpenedPostgres {
  kind: 'postgres';
  /** no SQLite file: code that reads it directly has a PostgreSQL way or is not offered */
  sqlite: null;
  pool: Pool;
  /** the connection address (`DATABASE_URL`) */
  url: string;
  db: Db;
  close(): Promise<void>;
}

/** What the server runs on: either database, used through `db` (Kysely). */
export type OpenedStore = OpenedDatabase | OpenedPostgres;

/** Opens (and creates) the SQLite file with the pragmas DESIGN.md §2 asks for, then migrates it. */
export function openDatabase(file: string, options: { migrate?: boolean } = {}): OpenedDatabase {
  const sqlite = new DatabaseSync(file, { enableForeignKeyConstraints: true, timeout: 5000 });
  sqlite.exec('PRAGMA journal_mode = WAL');
  // FULL: an acknowledged commit survives power loss, not only a process crash.
  sqlite.exec('PRAGMA synchronous = FULL');
  sqlite.exec('PRAGMA foreign_keys = ON');
  sqlite.exec('PRAGMA busy_timeout = 5000');
  if (options.migrate !== false) migrate(sqlite);
  const db = new Kysely<Database>({ dialect: new NodeSqliteDialect(sqlite) });
  return {
    kind: 'sqlite',
    sqlite,
    db,
    async close() {
      await db.destroy().catch(() => undefined);
      if (sqlite.isOpen) sqlite.close();
    },
  };
}

/**
 * Runs fn in a write transaction: everything or nothing is written, and no other write runs
 * beside it (BEGIN IMMEDIATE on SQLite, the write lock on PostgreSQL: write-order.ts).
 */
export function writeTx<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (tx) => {
    await serializeWrites(tx);
    return fn(tx);
  });
}
