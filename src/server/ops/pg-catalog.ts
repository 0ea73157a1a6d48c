import { quoteIdent } from './table-order.ts';

/** Runs one statement with $n parameters and gives its rows: over a pg client or a Kysely executor. */
export type RunSql = <R>(text: string, params?: unknown[]) => Promise<R[]>;

/**
 * PostgreSQL's catalogue in the shapes table-order.ts gives for SQLite: the tables, their columns
 * in declaration order, their primary keys and the tables they refer to (for export and import).
 */
export async function pgTables(run: RunSql): Promise<string[]> {
  const rows = await run<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
  );
  // byte order, as SQLite's ORDER BY name gives
  return rows.map((r) => r.name).sort();
}

/** Columns in declaration order, generated ones left out (they cannot be inserted; SQLite hides them too). */
export async function pgColumns(run: RunSql, table: string): Promise<string[]> {
  const rows = await run<{ name: string }>(
    "SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position",
    [table],
  );
  return rows.map((r) => r.name);
}

/** The ORDER BY of a table's rows: its primary key, or every column for a table without one. */
export async function pgRowOrder(run: RunSql, table: string): Promise<string> {
  const rows = await run<{ name: string }>(
    `SELECT a.attname AS name FROM pg_index i
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
      WHERE i.indrelid = to_regclass($1) AND i.indisprimary
      ORDER BY array_position(i.indkey::int2[], a.attnum)`,
    [quoteIdent(table)],
  );
  const key = rows.length > 0 ? rows.map((r) => r.name) : await pgColumns(run, table);
  return key.map(quoteIdent).join(', ');
}

/** table → the tables it refers to by foreign keys, among `tables`. */
export async function pgParents(run: RunSql, tables: string[]): Promise<Map<string, Set<string>>> {
  const rows = await run<{ child: string; parent: string }>(
    `SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
       FROM pg_constraint c
       JOIN pg_namespace n ON n.oid = c.connamespace
      WHERE c.contype = 'f' AND n.nspname = current_schema()`,
  );
  const wanted = new Set(tables);
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of rows) {
    if (child !== parent && wanted.has(child) && wanted.has(parent))
      parents.get(child)?.add(parent);
  }
  return parents;
}
