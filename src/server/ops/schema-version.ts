import type { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { migrations } from '../db/migrate.ts';

/** Names of the migrations recorded in the database, in the order they were applied; [] for a new file. */
export function appliedMigrations(sqlite: DatabaseSync): string[] {
  const table = sqlite
    .prepare(
      "SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'",
    )
    .get();
  if (!table) return [];
  return sqlite
    .prepare('SELECT name FROM schema_migrations ORDER BY applied_at, name')
    .all()
    .map((r) => String(r.name));
}

/** Migrations this program knows and the database lacks; throws when the database is newer than the program. */
export function pendingMigrations(sqlite: DatabaseSync): string[] {
  const applied = new Set(appliedMigrations(sqlite));
  assertKnownMigrations([...applied]);
  return migrations.filter((m) => !applied.has(m.name)).map((m) => m.name);
}

/** The names in a list of migrations that this program does not have (they come from a newer version). */
export function unknownMigrations(names: string[]): string[] {
  const known = new Set(migrations.map((m) => m.name));
  return names.filter((n) => !known.has(n));
}

/** Refuses a list of migrations naming one this program does not have (a database from a newer version). */
export function assertKnownMigrations(names: string[]): void {
  const unknown = unknownMigrations(names);
  if (unknown.length > 0) {
    throw new Error(
      `데이터베이스가 이 프로그램보다 새로운 버전입니다. 프로그램을 업데이트하세요 (database is newer than this program: ${unknown.join(', ')})`,
    );
  }
}

/**
 * The pending migrations of the database a server runs on: read from the SQLite connection when
 * there is one, else through Kysely (PostgreSQL, whose start-up made schema_migrations).
 */
export async function pendingMigrationsIn(target: {
  sqlite: DatabaseSync | null;
  db: Db;
}): Promise<string[]> {
  if (target.sqlite) return pendingMigrations(target.sqlite);
  const { rows } = await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(
    target.db,
  );
  const applied = new Set(rows.map((r) => r.name));
  assertKnownMigrations([...applied]);
  return migrations.filter((m) => !applied.has(m.name)).map((m) => m.name);
}
