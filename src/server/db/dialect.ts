import { PostgresAdapter } from 'kysely';
import type { DatabaseKind, Db } from './database.ts';

/**
 * Which database a Kysely instance (or transaction) talks to, for the few queries that differ
 * (decision 151): each difference has a module of its own under src/server/db/ that asks here.
 */
export function databaseKind(db: Db): DatabaseKind {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export const onPostgres = (db: Db): boolean => databaseKind(db) === 'postgres';
