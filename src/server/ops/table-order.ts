import type { DatabaseSync } from 'node:sqlite';
import { unexportedTables } from './export-format.ts';

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
export { q as quoteIdent };

/** The ordinary tables of the database, alphabetically, without SQLite's own. */
export function userTables(sqlite: DatabaseSync): string[] {
  return sqlite
    .prepare(
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
    )
    .all()
    .map((r) => String(r.name));
}

/** The tables an export carries. */
export function exportedTables(sqlite: DatabaseSync): string[] {
  return userTables(sqlite).filter((t) => !unexportedTables.includes(t));
}

/** Columns in declaration order (generated columns left out: they cannot be inserted). */
export function tableColumns(sqlite: DatabaseSync, table: string): string[] {
  return sqlite
    .prepare(`PRAGMA table_info(${q(table)})`)
    .all()
    .map((r) => String(r.name));
}

/** Whether the table has a rowid (ordinary) or not (WITHOUT ROWID); ordering follows from it. */
export function rowOrder(sqlite: DatabaseSync, table: string): string {
  const info = sqlite
    .prepare('SELECT wr FROM pragma_table_list WHERE name = ? AND schema = ?')
    .get(table, 'main');
  if (info && Number(info.wr) === 1) {
    const pk = sqlite
      .prepare(`PRAGMA table_info(${q(table)})`)
      .all()
      .filter((r) => Number(r.pk) > 0)
      .sort((a, b) => Number(a.pk) - Number(b.pk))
      .map((r) => q(String(r.name)));
    return pk.join(', ');
  }
  return 'rowid';
}

/** Parents before children (by foreign keys), alphabetical among equals: the order to insert in. */
export function parentsFirst(sqlite: DatabaseSync, tables: string[]): string[] {
  const wanted = new Set(tables);
  const parents = new Map<string, Set<string>>();
  for (const t of tables) {
    const refs = sqlite
      .prepare(`PRAGMA foreign_key_list(${q(t)})`)
      .all()
      .map((r) => String(r.table))
      .filter((p) => p !== t && wanted.has(p));
    parents.set(t, new Set(refs));
  }
  return orderParentsFirst(tables, parents);
}

/**
 * Orders tables so each comes after the tables it refers to (`parents`: table → tables it refers
 * to, among those being ordered), alphabetical among equals. Either database's catalogue feeds it.
 */
export function orderParentsFirst(tables: string[], parents: Map<string, Set<string>>): string[] {
  const ordered: string[] = [];
  const done = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = [...tables]
      .sort()
      .filter((t) => !done.has(t) && [...(parents.get(t) ?? [])].every((p) => done.has(p)));
    // A cycle: take the rest alphabetically; deferred foreign keys settle it at commit.
    const next = ready.length > 0 ? ready : [...tables].sort().filter((t) => !done.has(t));
    for (const t of next) {
      ordered.push(t);
      done.add(t);
    }
  }
  return ordered;
}
