import { DatabaseSync } from 'node:sqlite';
import { migrate, migrations } from '../db/migrate.ts';
import { unknownMigrations } from './schema-version.ts';
import { userTables } from './table-order.ts';

/** What the check needs of a connection: pg's Pool and Client both have it. */
export interface PgQueryable {
  query<R extends object>(text: string): Promise<{ rows: R[] }>;
}

let tablesOfSchema: string[] | null = null;

/**
 * The tables the migrations make, read from the one migration history applied to an empty
 * database in memory, so the list never needs keeping by hand beside the migrations.
 */
export function expectedTables(): string[] {
  if (tablesOfSchema) return tablesOfSchema;
  const mem = new DatabaseSync(':memory:');
  try {
    migrate(mem);
    tablesOfSchema = userTables(mem);
    return tablesOfSchema;
  } finally {
    mem.close();
  }
}

/**
 * PostgreSQL's form of the integrity check (decision 151). The server keeps its own pages
 * consistent (checksums and WAL replay are its business, and `amcheck` is a DBA's tool), so what
 * is ours to check is the schema: every migration this program knows is recorded, none it does
 * not know, and every table the migrations make exists. [] means the database is as expected.
 * `allowPending` accepts an older schema (a restored backup, which the next start migrates).
 */
export async function postgresProblems(
  db: PgQueryable,
  options: { allowPending?: boolean } = {},
): Promise<string[]> {
  const found = await db.query<{ t: string | null }>(
    "SELECT to_regclass('schema_migrations')::text AS t",
  );
  if (!found.rows[0]?.t)
    return ['schema_migrations 테이블이 없습니다 (no schema_migrations table)'];
  const applied = (
    await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')
  ).rows.map((r) => r.name);
  const problems: string[] = [];
  const unknown = unknownMigrations(applied);
  if (unknown.length > 0)
    problems.push(`알 수 없는 마이그레이션 (unknown migrations): ${unknown.join(', ')}`);
  const missingMigrations = migrations.map((m) => m.name).filter((n) => !applied.includes(n));
  if (missingMigrations.length > 0) {
    // a restored older backup: the next start migrates it, and its tables are those of its version
    if (options.allowPending) return problems;
    problems.push(
      `적용되지 않은 마이그레이션 (pending migrations): ${missingMigrations.join(', ')}`,
    );
  }
  const tables = new Set(
    (
      await db.query<{ name: string }>(
        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
      )
    ).rows.map((r) => r.name),
  );
  const missingTables = expectedTables().filter((t) => !tables.has(t));
  if (missingTables.length > 0)
    problems.push(`없는 테이블 (missing tables): ${missingTables.join(', ')}`);
  return problems;
}
