import type { Pool } from 'pg';
import { migrations, refuseNewerDatabase } from './migrate.ts';
import type { Migration } from './migrate.ts';

/** One key for the advisory lock that lets one node at a time migrate a shared database. */
const MIGRATION_LOCK = 4_215_151;

/** Names of the migrations recorded in the PostgreSQL database; [] for a new one. */
export async function appliedPostgresMigrations(pool: Pool): Promise<string[]> {
  const found = await pool.query<{ t: string | null }>(
    "SELECT to_regclass('schema_migrations')::text AS t",
  );
  if (!found.rows[0]?.t) return [];
  const rows = await pool.query<{ name: string }>(
    'SELECT name FROM schema_migrations ORDER BY applied_at, name',
  );
  return rows.rows.map((r) => r.name);
}

/**
 * Applies the pending migrations of the one list (migrate.ts) in their PostgreSQL text, each in
 * its own transaction with its schema_migrations row, so a failure leaves the database as it was
 * before that migration. PostgreSQL's DDL is transactional, as SQLite's is. An advisory lock keeps
 * two nodes starting together from applying the same migration twice.
 */
export async function migratePostgres(
  pool: Pool,
  list: Migration[] = migrations,
): Promise<string[]> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)',
    );
    const applied = new Set(
      (await client.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map(
        (r) => r.name,
      ),
    );
    refuseNewerDatabase(applied, list);
    const ran: string[] = [];
    for (const m of list) {
      if (applied.has(m.name)) continue;
      if (m.postgres === undefined) {
        throw new Error(
          `마이그레이션 ${m.name}에는 아직 PostgreSQL 문장이 없습니다 (migration has no PostgreSQL text yet).`,
        );
      }
      await client.query('BEGIN');
      try {
        // no parameters: the simple protocol, which takes several statements in one text
        await client.query(m.postgres);
        await client.query('INSERT INTO schema_migrations (name, applied_at) VALUES ($1, $2)', [
          m.name,
          new Date().toISOString(),
        ]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      }
      ran.push(m.name);
    }
    return ran;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}
