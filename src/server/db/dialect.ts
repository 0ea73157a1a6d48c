import { PostgresAdapter } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Which database a Kysely instance (or transaction) talks to, for the few queries that differ
 * (decision 151): each difference has a module of its own under src/server/db/ that asks here.
 */
export function databaseKind(db: Kysely<Database>): 'sqlite' | 'postgres' {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export const onPostgres = (db: Kysely<Database>): boolean => databaseKind(db) === 'postgres';
