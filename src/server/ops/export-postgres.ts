import pg from 'pg';
import { pgClientOptions } from '../db/open-postgres.ts';
import type { SkippedUpload } from './export-data.ts';
import { encodeCell, uploadEntry } from './export-data.ts';
import { exportFormat, exportFormatVersion, unexportedTables } from './export-format.ts';
import { pgColumns, pgRowOrder, pgTables } from './pg-catalog.ts';
import type { RunSql } from './pg-catalog.ts';
import { quoteIdent } from './table-order.ts';

/**
 * The export of a PostgreSQL database, in the very format (and for the same data, the same bytes)
 * that export-data.ts writes from SQLite, so either can be imported into either. It reads inside
 * one REPEATABLE READ, READ ONLY transaction on a connection of its own: one consistent snapshot
 * while the servers keep writing. A table's rows are fetched at once (an association's largest
 * table is some ten thousand box-score lines).
 */
export async function* exportPostgresChunks(
  url: string,
  dataDir: string,
  onSkippedUpload?: (skipped: SkippedUpload) => void,
): AsyncGenerator<string> {
  const client = new pg.Client(pgClientOptions(url));
  await client.connect();
  const run: RunSql = async <R>(text: string, params?: unknown[]) =>
    (await client.query(text, params)).rows as R[];
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const schema = (
      await run<{ name: string }>('SELECT name FROM schema_migrations ORDER BY applied_at, name')
    ).map((r) => r.name);
    yield `{"format":${JSON.stringify(exportFormat)},"formatVersion":${exportFormatVersion},"schema":${JSON.stringify(schema)},\n"tables":{`;
    const tables = (await pgTables(run)).filter((t) => !unexportedTables.includes(t));
    for (const [ti, table] of tables.entries()) {
      const columns = await pgColumns(run, table);
      yield `${ti === 0 ? '' : ','}\n${JSON.stringify(table)}:{"columns":${JSON.stringify(columns)},"rows":[`;
      const { rows } = await client.query<unknown[]>({
        text: `SELECT ${columns.map(quoteIdent).join(', ')} FROM ${quoteIdent(table)} ORDER BY ${await pgRowOrder(run, table)}`,
        rowMode: 'array',
      });
      for (const [i, row] of rows.entries())
        yield `${i === 0 ? '' : ','}\n${JSON.stringify(row.map(encodeCell))}`;
      yield rows.length === 0 ? ']}' : '\n]}';
    }
    yield '\n},\n"uploads":[';
    const uploads = await run<{ path: string; sha256: string; size: number }>(
      'SELECT path, sha256, size FROM uploads ORDER BY id',
    );
    for (const [i, u] of uploads.entries()) {
      const entry = uploadEntry(dataDir, u.path, u.sha256, Number(u.size));
      if (entry.skipped) onSkippedUpload?.({ path: entry.path, reason: entry.skipped });
      yield `${i === 0 ? '' : ','}\n${JSON.stringify({ path: entry.path, sha256: entry.sha256, size: entry.size, base64: entry.base64 })}`;
    }
    yield uploads.length > 0 ? '\n]}\n' : ']}\n';
    await client.query('COMMIT');
  } finally {
    await client.end().catch(() => undefined);
  }
}
