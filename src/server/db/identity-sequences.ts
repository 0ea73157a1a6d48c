import { sql } from 'kysely';
import type { Db } from './database.ts';
import { onPostgres } from './dialect.ts';

/**
 * After rows were inserted with ids of their own (the demo seed, an import), the next id must
 * come after them. SQLite's AUTOINCREMENT takes the largest id in the table by itself; a
 * PostgreSQL identity column draws from a sequence that knows nothing of ids given by hand, so
 * each sequence is moved past its table's largest id.
 */
export async function advanceIdentities(db: Db): Promise<void> {
  if (!onPostgres(db)) return;
  await sql`DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT table_name, column_name FROM information_schema.columns
           WHERE table_schema = current_schema() AND is_identity = 'YES' LOOP
    EXECUTE format(
      'SELECT setval(pg_get_serial_sequence(%L, %L), COALESCE((SELECT max(%I) FROM %I), 0) + 1, false)',
      r.table_name, r.column_name, r.column_name, r.table_name);
  END LOOP;
END $$`.execute(db);
}
