import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { dataPaths } from './data-paths.ts';
import type { ExportFile } from './export-format.ts';
import { instanceTables } from './export-format.ts';

// What an import does alike on either database (import-data.ts for SQLite, import-postgres.ts).

/** Tables an empty instance may already have rows in: what start-up itself creates, and instance state. */
export const bootstrapTables = ['league_main', 'users', 'audit_log', ...instanceTables];
/** Tables an import leaves as they are: the instance's history of builds and its change record. */
export const keptThroughImport = [
  'schema_migrations',
  'publish_runs',
  'public_changes',
  'publish_cursor',
];

export interface ImportResult {
  tables: number;
  rows: number;
  uploads: number;
  upgradedFrom: string[] | null;
}

/** An import error the API answers with 400 (bad file) or 409 (not an empty instance). */
export class ImportError extends Error {
  readonly status: 400 | 409;
  constructor(status: 400 | 409, message: string) {
    super(message);
    this.status = status;
  }
}

/** A cell of an export file as the value to insert: BLOBs and big integers unwrapped. */
export function decodeCell(value: unknown): null | number | bigint | string | Uint8Array {
  if (value === null || typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'object' && value && '$blob' in value)
    return Buffer.from(String((value as { $blob: string }).$blob), 'base64');
  if (typeof value === 'object' && value && '$bigint' in value)
    return BigInt(String((value as { $bigint: string }).$bigint));
  throw new ImportError(
    400,
    `알 수 없는 값이 있습니다 (unsupported cell value): ${JSON.stringify(value).slice(0, 80)}`,
  );
}

/** What keeps an instance from counting as empty, from each table's row count; [] when it is. */
export function nonEmptyFrom(counts: Array<[table: string, rows: number]>): string[] {
  const reasons: string[] = [];
  for (const [table, n] of counts) {
    if (n === 0 || bootstrapTables.includes(table)) continue;
    reasons.push(`${table} ${n}`);
  }
  const mains = counts.find(([t]) => t === 'league_main')?.[1] ?? 0;
  if (mains > 1) reasons.push(`league_main ${mains}`);
  return reasons;
}

/** The refusal of an import into an instance that has data of its own. */
export function notEmptyError(reasons: string[]): ImportError {
  return new ImportError(
    409,
    `빈 인스턴스에만 가져올 수 있습니다. 이미 데이터가 있습니다 (import needs an empty instance; found: ${reasons.join(', ')}).`,
  );
}

/** Writes the export's upload files (checked against their sha256); returns the paths written, for undoing. */
export function writeUploads(dataDir: string, file: ExportFile): string[] {
  const root = dataPaths(dataDir).uploads;
  const written: string[] = [];
  try {
    for (const u of file.uploads) {
      if (u.base64 === null) continue;
      const bytes = Buffer.from(u.base64, 'base64');
      if (
        bytes.length !== u.size ||
        createHash('sha256').update(bytes).digest('hex') !== u.sha256
      ) {
        throw new ImportError(
          400,
          `첨부 파일 내용이 기록과 다릅니다 (upload ${u.path} does not match its sha256).`,
        );
      }
      const target = join(root, u.path);
      if (existsSync(target)) {
        if (createHash('sha256').update(readFileSync(target)).digest('hex') === u.sha256) continue;
        throw new ImportError(
          409,
          `같은 이름의 다른 파일이 이미 있습니다 (a different file exists at uploads/${u.path}).`,
        );
      }
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, bytes, { flag: 'wx' });
      written.push(target);
    }
  } catch (err) {
    for (const path of written) rmSync(path, { force: true });
    throw err;
  }
  return written;
}
