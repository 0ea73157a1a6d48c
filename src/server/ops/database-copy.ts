import { closeSync, openSync, readSync } from 'node:fs';
import { isPostgresUrl } from '../db/open-postgres.ts';
import { dataPaths } from './data-paths.ts';
import { dumpPostgres, pgBackupMigrations, restorePostgres } from './postgres-copy.ts';
import { copySqlite, replaceSqlite, sqliteBackupMigrations } from './sqlite-copy.ts';

/**
 * How a backup of the database the instance runs on is made and put back (decision 151): the one
 * place that knows the two kinds. A SQLite backup is a copy of the file (`.sqlite`), a PostgreSQL
 * backup a pg_dump archive in custom format (`.dump`); both lie in SHARED_DIR/backups with the
 * same names, manifests, uploads snapshots and retention.
 */
export type DatabaseAt = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
export type BackupKind = DatabaseAt['kind'];

/** The database of a shared folder: PostgreSQL when `databaseUrl` names one, else its SQLite file. */
export function databaseAt(sharedDir: string, databaseUrl?: string | null): DatabaseAt {
  return isPostgresUrl(databaseUrl ?? undefined)
    ? { kind: 'postgres', url: databaseUrl as string }
    : { kind: 'sqlite', file: dataPaths(sharedDir).dbFile };
}

export const backupExtension: Record<BackupKind, string> = {
  sqlite: '.sqlite',
  postgres: '.dump',
};

/** What each kind of backup file begins with: SQLite's header, pg_dump's custom-format magic. */
const magic: Array<[BackupKind, string]> = [
  ['sqlite', 'SQLite format 3\0'],
  ['postgres', 'PGDMP'],
];

/**
 * Which database a backup file is of: by its name (`.sqlite`, `.dump`), else, for a file renamed
 * or given by another path, by its first bytes; null for anything else.
 */
export function backupKindOf(file: string): BackupKind | null {
  if (file.endsWith(backupExtension.sqlite)) return 'sqlite';
  if (file.endsWith(backupExtension.postgres)) return 'postgres';
  let head = '';
  try {
    const fd = openSync(file, 'r');
    try {
      const buffer = Buffer.alloc(16);
      head = buffer.subarray(0, readSync(fd, buffer, 0, 16, null)).toString('latin1');
    } finally {
      closeSync(fd);
    }
  } catch {
    return null;
  }
  return magic.find(([, bytes]) => head.startsWith(bytes))?.[0] ?? null;
}

const kindName: Record<BackupKind, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

/**
 * Refuses a backup of the other kind of database: a SQLite file cannot become a PostgreSQL
 * database nor the reverse (moving across is `npm run export` and `npm run import`).
 */
export function assertSameKind(target: DatabaseAt, file: string): void {
  const kind = backupKindOf(file);
  if (kind === target.kind) return;
  const from = kind ? `${kindName[kind]} 백업` : '이 파일';
  throw new Error(
    `${from}은 ${kindName[target.kind]} 데이터베이스에 복원할 수 없습니다. 다른 데이터베이스로 옮기려면 npm run export와 npm run import를 사용하세요 (a ${kind ?? 'foreign'} backup cannot be restored into ${target.kind}; nothing was changed).`,
  );
}

/** Writes a backup of the database into `partial`; returns the migrations it holds. */
export function copyDatabase(source: DatabaseAt, partial: string): Promise<string[]> {
  return source.kind === 'sqlite'
    ? copySqlite(source.file, partial)
    : dumpPostgres(source.url, partial);
}

/** The migrations a backup file holds, after checking that it can be read; [] when it is no SBSA database. */
export async function backupMigrations(file: string): Promise<string[]> {
  return backupKindOf(file) === 'postgres'
    ? pgBackupMigrations(file)
    : sqliteBackupMigrations(file);
}

/**
 * Puts a checked backup in place of the database. `aside()` makes the folder the replaced SQLite
 * file is moved into; PostgreSQL's restore replaces in one transaction and keeps nothing aside.
 */
export function putBackupInPlace(
  target: DatabaseAt,
  file: string,
  aside: () => string,
): Promise<void> {
  return target.kind === 'sqlite'
    ? replaceSqlite(target.file, file, aside)
    : restorePostgres(target.url, file);
}
