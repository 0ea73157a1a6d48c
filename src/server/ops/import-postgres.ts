import { rmSync } from 'node:fs';
import { CompiledQuery } from 'kysely';
import type { Db } from '../db/database.ts';
import { writeTx } from '../db/database.ts';
import { advanceIdentities } from '../db/identity-sequences.ts';
import { migrations } from '../db/migrate.ts';
import type { ExportFile, ExportTable } from './export-format.ts';
import { unexportedTables } from './export-format.ts';
import {
  decodeCell,
  ImportError,
  keptThroughImport,
  nonEmptyFrom,
  notEmptyError,
  writeUploads,
} from './import-parts.ts';
import type { ImportResult } from './import-parts.ts';
import { pgColumns, pgParents, pgTables } from './pg-catalog.ts';
import type { RunSql } from './pg-catalog.ts';
import { orderParentsFirst, quoteIdent } from './table-order.ts';

const runOn =
  (db: Db): RunSql =>
  async <R>(text: string, params: unknown[] = []) =>
    (await db.executeQuery(CompiledQuery.raw(text, params))).rows as R[];

/** PostgreSQL takes at most 65 535 parameters in one statement; rows go in batches below that. */
const MAX_PARAMS = 60_000;

/** Rows of one table in multi-row INSERTs, parameters numbered $1…; returns how many went in. */
async function insertRows(run: RunSql, table: string, data: ExportTable): Promise<number> {
  const { columns, rows } = data;
  const perBatch = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  const head = `INSERT INTO ${quoteIdent(table)} (${columns.map(quoteIdent).join(', ')}) VALUES `;
  for (let start = 0; start < rows.length; start += perBatch) {
    const batch = rows.slice(start, start + perBatch);
    const params: unknown[] = [];
    const tuples = batch.map((row) => {
      if (row.length !== columns.length)
        throw new ImportError(
          400,
          `${table}: 열 수가 맞지 않는 행이 있습니다 (row width mismatch).`,
        );
      const marks = row.map((cell) => {
        params.push(decodeCell(cell));
        return `$${params.length}`;
      });
      return `(${marks.join(', ')})`;
    });
    await run(head + tuples.join(', '), params);
  }
  return rows.length;
}

/** PostgreSQL's refusal of a row as the client's fault: the export file does not fit the schema. */
function asImportError(err: unknown): unknown {
  const code = (err as { code?: string }).code ?? '';
  const detail = (err as { detail?: string }).detail ?? (err as Error).message;
  if (code === '23503')
    return new ImportError(
      400,
      `내보내기 파일의 참조가 맞지 않습니다 (foreign key check failed: ${detail}).`,
    );
  if (code.startsWith('23') || code.startsWith('22'))
    return new ImportError(
      400,
      `내보내기 파일의 값이 데이터베이스 규칙에 맞지 않습니다 (a row breaks a constraint: ${detail}).`,
    );
  return err;
}

/**
 * Loads an (upgraded) export into an empty PostgreSQL database, all or nothing, as import-data.ts
 * does on SQLite: the upload files first, then in one write transaction (the write lock, so no
 * request of a running node interleaves) the rows start-up made are deleted and every table is
 * inserted parents first; the one deferred foreign key (season_guards) is checked at commit. The
 * change record's triggers record every row, so the publisher renders the whole site next; the
 * identity sequences are moved past the imported ids.
 */
export async function importPostgres(
  db: Db,
  dataDir: string,
  file: ExportFile,
  tables: Record<string, ExportTable>,
  upgradedFrom: string[] | null,
): Promise<ImportResult> {
  let written: string[] = [];
  try {
    return await writeTx(db, async (tx) => {
      const run = runOn(tx);
      const applied = await run<{ name: string }>('SELECT name FROM schema_migrations');
      if (applied.length !== migrations.length)
        throw new Error(
          '가져올 인스턴스의 데이터베이스가 최신 스키마가 아닙니다 (target database is not migrated).',
        );
      const all = await pgTables(run);
      const counts: Array<[string, number]> = [];
      for (const table of all) {
        const [row] = await run<{ n: number }>(`SELECT count(*) AS n FROM ${quoteIdent(table)}`);
        counts.push([table, Number(row.n)]);
      }
      const reasons = nonEmptyFrom(counts);
      if (reasons.length > 0) throw notEmptyError(reasons);
      for (const name of Object.keys(tables)) {
        if (!all.includes(name) || unexportedTables.includes(name))
          throw new ImportError(
            400,
            `이 버전에 없는 테이블입니다 (unknown table in export): ${name}`,
          );
        const have = new Set(await pgColumns(run, name));
        const missing = tables[name].columns.filter((c) => !have.has(c));
        if (missing.length > 0)
          throw new ImportError(
            400,
            `이 버전에 없는 열입니다 (unknown columns in ${name}): ${missing.join(', ')}`,
          );
      }
      written = writeUploads(dataDir, file);
      const parents = await pgParents(run, all);
      // the change record stays: the import's own rows in it (every page) are what the publisher renders next
      const clear = orderParentsFirst(
        all.filter((t) => !keptThroughImport.includes(t)),
        parents,
      ).reverse();
      for (const table of clear) await run(`DELETE FROM ${quoteIdent(table)}`);
      let rows = 0;
      for (const table of orderParentsFirst(Object.keys(tables), parents)) {
        if (tables[table].rows.length > 0) rows += await insertRows(run, table, tables[table]);
      }
      await advanceIdentities(tx);
      return { tables: Object.keys(tables).length, rows, uploads: written.length, upgradedFrom };
    });
  } catch (err) {
    for (const path of written) rmSync(path, { force: true });
    throw asImportError(err);
  }
}
