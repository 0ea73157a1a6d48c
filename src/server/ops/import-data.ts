import { DatabaseSync } from 'node:sqlite';
import { rmSync } from 'node:fs';
import type { Db } from '../db/database.ts';
import { migrate, migrations } from '../db/migrate.ts';
import type { ExportFile, ExportTable } from './export-format.ts';
import { exportFile, unexportedTables } from './export-format.ts';
import {
  decodeCell,
  ImportError,
  keptThroughImport,
  nonEmptyFrom,
  notEmptyError,
  writeUploads,
} from './import-parts.ts';
import type { ImportResult } from './import-parts.ts';
import { importPostgres } from './import-postgres.ts';
import { appliedMigrations, unknownMigrations } from './schema-version.ts';
import {
  exportedTables,
  parentsFirst,
  quoteIdent,
  rowOrder,
  tableColumns,
  userTables,
} from './table-order.ts';
import { encodeCell } from './export-data.ts';

export { ImportError };
export type { ImportResult };

/** Checks the parsed JSON against the export format. */
export function parseExport(value: unknown): ExportFile {
  const parsed = exportFile.safeParse(value);
  if (!parsed.success) {
    const where = parsed.error.issues
      .slice(0, 3)
      .map((i) => i.path.join('.') || '(root)')
      .join(', ');
    throw new ImportError(
      400,
      `내보내기 파일 형식이 아닙니다 (not an SBSA export file: ${where}).`,
    );
  }
  return parsed.data;
}

/** What keeps an instance from counting as empty; [] when it is. */
export function nonEmptyReasons(sqlite: DatabaseSync): string[] {
  return nonEmptyFrom(
    userTables(sqlite).map((table): [string, number] => [
      table,
      Number(sqlite.prepare(`SELECT count(*) AS n FROM ${quoteIdent(table)}`).get()?.n ?? 0),
    ]),
  );
}

/** Inserts the tables of an export into an open transaction, parents first. */
function insertTables(sqlite: DatabaseSync, tables: Record<string, ExportTable>): number {
  const known = new Set(userTables(sqlite));
  for (const name of Object.keys(tables)) {
    if (!known.has(name) || unexportedTables.includes(name))
      throw new ImportError(400, `이 버전에 없는 테이블입니다 (unknown table in export): ${name}`);
  }
  let rows = 0;
  for (const table of parentsFirst(sqlite, Object.keys(tables))) {
    const { columns, rows: data } = tables[table];
    const have = new Set(tableColumns(sqlite, table));
    const missing = columns.filter((c) => !have.has(c));
    if (missing.length > 0)
      throw new ImportError(
        400,
        `이 버전에 없는 열입니다 (unknown columns in ${table}): ${missing.join(', ')}`,
      );
    if (data.length === 0) continue;
    const stmt = sqlite.prepare(
      `INSERT INTO ${quoteIdent(table)} (${columns.map(quoteIdent).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
    );
    for (const row of data) {
      if (row.length !== columns.length)
        throw new ImportError(
          400,
          `${table}: 열 수가 맞지 않는 행이 있습니다 (row width mismatch).`,
        );
      stmt.run(...(row.map(decodeCell) as never[]));
      rows += 1;
    }
  }
  return rows;
}

/** Reads tables back in export shape (used after upgrading an older export in memory). */
function readTables(sqlite: DatabaseSync): Record<string, ExportTable> {
  const out: Record<string, ExportTable> = {};
  for (const table of exportedTables(sqlite)) {
    const columns = tableColumns(sqlite, table);
    const stmt = sqlite.prepare(
      `SELECT ${columns.map(quoteIdent).join(', ')} FROM ${quoteIdent(table)} ORDER BY ${rowOrder(sqlite, table)}`,
    );
    stmt.setReadBigInts(true);
    stmt.setReturnArrays(true);
    out[table] = {
      columns,
      rows: (stmt.all() as unknown as unknown[][]).map((r) => r.map(encodeCell)),
    };
  }
  return out;
}

/**
 * Brings an export taken by an older version up to this program's schema: loads it into a
 * database in memory at its own schema version and runs the newer migrations over it.
 */
export function upgradeExport(file: ExportFile): {
  tables: Record<string, ExportTable>;
  upgradedFrom: string[] | null;
} {
  const unknown = unknownMigrations(file.schema);
  if (unknown.length > 0) {
    throw new ImportError(
      400,
      `이 프로그램보다 새로운 버전에서 내보낸 파일이라 가져오지 않았습니다. 프로그램을 업데이트한 뒤 가져오세요 (the export comes from a newer version of this program: ${unknown.join(', ')}).`,
    );
  }
  const prefix = migrations.slice(0, file.schema.length).map((m) => m.name);
  if (prefix.some((name) => !file.schema.includes(name))) {
    throw new ImportError(
      400,
      `내보내기의 스키마 버전을 이 프로그램에서 재현할 수 없습니다 (schema ${file.schema.join(', ')} is not a prefix of this program's migrations).`,
    );
  }
  if (file.schema.length === migrations.length) return { tables: file.tables, upgradedFrom: null };
  const mem = new DatabaseSync(':memory:', { enableForeignKeyConstraints: true });
  try {
    mem.exec('CREATE TABLE schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
    for (const m of migrations.slice(0, file.schema.length)) {
      mem.exec(m.sql);
      mem
        .prepare('INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)')
        .run(m.name, new Date(0).toISOString());
    }
    mem.exec('BEGIN');
    mem.exec('PRAGMA defer_foreign_keys = ON');
    insertTables(mem, file.tables);
    mem.exec('COMMIT');
    migrate(mem);
    return { tables: readTables(mem), upgradedFrom: file.schema };
  } finally {
    mem.close();
  }
}

/** Upload files an export lists without content (missing or altered when it was taken): an import leaves them out. */
export function uploadsWithoutContent(file: ExportFile): string[] {
  return file.uploads.filter((u) => u.base64 === null).map((u) => u.path);
}

/**
 * Loads an export into an empty instance, all or nothing: the upload files first, then every table
 * in one transaction (foreign keys checked at commit). The rows start-up created (the default
 * association, the first admin) and all sign-in sessions are replaced by the exported ones.
 * With `db`, Kysely's connection is held meanwhile, so no request of the running server interleaves.
 */
export async function importData(
  target: { sqlite: DatabaseSync | null; db?: Db },
  dataDir: string,
  value: unknown,
): Promise<ImportResult> {
  const file = parseExport(value);
  const { tables, upgradedFrom } = upgradeExport(file);
  const { sqlite } = target;
  // PostgreSQL has no SQLite connection: its import goes through Kysely (import-postgres.ts)
  if (!sqlite) {
    if (!target.db) throw new Error('importData: no database given');
    return importPostgres(target.db, dataDir, file, tables, upgradedFrom);
  }
  const run = (): ImportResult => {
    const current = appliedMigrations(sqlite);
    if (current.length !== migrations.length)
      throw new Error(
        '가져올 인스턴스의 데이터베이스가 최신 스키마가 아닙니다 (target database is not migrated).',
      );
    const reasons = nonEmptyReasons(sqlite);
    if (reasons.length > 0) throw notEmptyError(reasons);
    const written = writeUploads(dataDir, file);
    sqlite.exec('BEGIN IMMEDIATE');
    try {
      sqlite.exec('PRAGMA defer_foreign_keys = ON');
      const clear = parentsFirst(
        sqlite,
        // the change record stays: the import's own rows in it (every page) are what the
        // publisher renders next
        userTables(sqlite).filter((t) => !keptThroughImport.includes(t)),
      ).reverse();
      for (const table of clear) sqlite.exec(`DELETE FROM ${quoteIdent(table)}`);
      const rows = insertTables(sqlite, tables);
      const broken = sqlite.prepare('PRAGMA foreign_key_check').all();
      if (broken.length > 0) {
        throw new ImportError(
          400,
          `내보내기 파일의 참조가 맞지 않습니다 (foreign key check failed: ${broken
            .slice(0, 3)
            .map((r) => `${r.table}#${r.rowid}→${r.parent}`)
            .join(', ')}).`,
        );
      }
      sqlite.exec('COMMIT');
      return { tables: Object.keys(tables).length, rows, uploads: written.length, upgradedFrom };
    } catch (err) {
      if (sqlite.isTransaction) sqlite.exec('ROLLBACK');
      for (const path of written) rmSync(path, { force: true });
      throw err;
    }
  };
  if (!target.db) return run();
  return target.db.connection().execute(async () => run());
}
