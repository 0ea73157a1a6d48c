import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { CompiledQuery, SqliteDialect, SqliteDriver } from 'kysely';
import type { DatabaseConnection, Driver, SqliteDatabase } from 'kysely';
import { LRUCache } from 'lru-cache';

const STATEMENT_CACHE_SIZE = 500;

/**
 * Presents node:sqlite's DatabaseSync in the shape Kysely's SQLite driver expects. Prepared
 * statements are kept by their SQL (the least recently used go first, lru-cache: decision 114):
 * Kysely compiles the same few hundred queries again and again, and preparing one costs about as
 * much as running it.
 */
function adapt(sqlite: DatabaseSync): SqliteDatabase {
  const statements = new LRUCache<string, { stmt: StatementSync; reader: boolean }>({
    max: STATEMENT_CACHE_SIZE,
  });
  const prepared = (sql: string) => {
    let entry = statements.get(sql);
    if (!entry) {
      const stmt = sqlite.prepare(sql);
      entry = { stmt, reader: stmt.columns().length > 0 };
      statements.set(sql, entry);
    }
    return entry;
  };
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const { stmt, reader } = prepared(sql);
      return {
        reader,
        all: (params) => stmt.all(...(params as never[])),
        run: (params) => stmt.run(...(params as never[])),
        // a stream may still be open when the same query runs again: its own statement
        iterate: (params) => sqlite.prepare(sql).iterate(...(params as never[])),
      };
    },
  };
}

/** Write transactions take the write lock up front so they never fail half-way on SQLITE_BUSY. */
class ImmediateSqliteDriver extends SqliteDriver {
  readonly #sqlite: DatabaseSync;
  constructor(sqlite: DatabaseSync) {
    super({ database: adapt(sqlite) });
    this.#sqlite = sqlite;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  // SQLite rolls back by itself on SQLITE_FULL and I/O errors; a second ROLLBACK would fail with
  // "no transaction is active" and hide the real error (which on-error.ts turns into a 507).
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.#sqlite.isTransaction) await super.rollbackTransaction(connection);
  }
}

export class NodeSqliteDialect extends SqliteDialect {
  readonly #sqlite: DatabaseSync;
  constructor(sqlite: DatabaseSync) {
    super({ database: adapt(sqlite) });
    this.#sqlite = sqlite;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#sqlite);
  }
}
