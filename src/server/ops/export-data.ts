import { DatabaseSync } from 'node:sqlite';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataPaths } from './data-paths.ts';
import type { Cell } from './export-format.ts';
import { exportFormat, exportFormatVersion } from './export-format.ts';
import { appliedMigrations } from './schema-version.ts';
import { exportedTables, quoteIdent, rowOrder, tableColumns } from './table-order.ts';

/** One cell as JSON: BLOBs as base64, integers beyond 2^53 as strings. */
export function encodeCell(value: unknown): Cell {
  if (typeof value === 'bigint') {
    return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
      ? Number(value)
      : { $bigint: value.toString() };
  }
  if (value instanceof Uint8Array) return { $blob: Buffer.from(value).toString('base64') };
  return value as Cell;
}

/** An upload file exported without its content: gone from disk, or no longer the bytes its row records. */
export interface SkippedUpload {
  path: string;
  reason: 'missing' | 'altered';
}

/**
 * The export as a stream of text chunks, read inside one read transaction of a connection of its
 * own (a consistent snapshot while the server keeps writing). Tables alphabetically, rows by
 * rowid, one row per line, no timestamp: the same data always gives the same bytes.
 * `onSkippedUpload` hears of each upload exported as `base64: null`, so an operator can be told.
 */
export function* exportChunks(
  dbFile: string,
  dataDir: string,
  onSkippedUpload?: (skipped: SkippedUpload) => void,
): Generator<string> {
  const sqlite = new DatabaseSync(dbFile, { readOnly: true, timeout: 10_000 });
  try {
    sqlite.exec('BEGIN');
    const schema = appliedMigrations(sqlite);
    yield `{"format":${JSON.stringify(exportFormat)},"formatVersion":${exportFormatVersion},"schema":${JSON.stringify(schema)},\n"tables":{`;
    const tables = exportedTables(sqlite);
    for (const [ti, table] of tables.entries()) {
      const columns = tableColumns(sqlite, table);
      yield `${ti === 0 ? '' : ','}\n${JSON.stringify(table)}:{"columns":${JSON.stringify(columns)},"rows":[`;
      const stmt = sqlite.prepare(
        `SELECT ${columns.map(quoteIdent).join(', ')} FROM ${quoteIdent(table)} ORDER BY ${rowOrder(sqlite, table)}`,
      );
      stmt.setReadBigInts(true);
      stmt.setReturnArrays(true);
      let first = true;
      for (const row of stmt.iterate() as Iterable<unknown[]>) {
        yield `${first ? '' : ','}\n${JSON.stringify(row.map(encodeCell))}`;
        first = false;
      }
      yield first ? ']}' : '\n]}';
    }
    yield '\n},\n"uploads":[';
    const uploads = sqlite.prepare('SELECT path, sha256, size FROM uploads ORDER BY id').all();
    for (const [i, u] of uploads.entries()) {
      const entry = uploadEntry(dataDir, String(u.path), String(u.sha256), Number(u.size));
      if (entry.skipped) onSkippedUpload?.({ path: entry.path, reason: entry.skipped });
      yield `${i === 0 ? '' : ','}\n${JSON.stringify({ path: entry.path, sha256: entry.sha256, size: entry.size, base64: entry.base64 })}`;
    }
    yield uploads.length > 0 ? '\n]}\n' : ']}\n';
    sqlite.exec('COMMIT');
  } finally {
    sqlite.close();
  }
}

/** One upload with its content, or with `base64: null` (the row itself still goes) and why. */
export function uploadEntry(dataDir: string, path: string, sha256: string, size: number) {
  let bytes: Buffer;
  try {
    bytes = readFileSync(join(dataPaths(dataDir).uploads, path));
  } catch {
    return { path, sha256, size, base64: null, skipped: 'missing' as const };
  }
  if (createHash('sha256').update(bytes).digest('hex') !== sha256)
    return { path, sha256, size, base64: null, skipped: 'altered' as const };
  return { path, sha256, size, base64: bytes.toString('base64'), skipped: null };
}

/** The whole export as one string (fine up to a few hundred MB; the CLI streams instead). */
export function exportToString(dbFile: string, dataDir: string): string {
  let out = '';
  for (const chunk of exportChunks(dbFile, dataDir)) out += chunk;
  return out;
}
