import type { DatabaseSync } from 'node:sqlite';
import { closeSync, fsyncSync, openSync, statfsSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Pool } from 'pg';
import { migrate, migrations } from '../db/migrate.ts';
import { appliedPostgresMigrations, migratePostgres } from '../db/migrate-postgres.ts';
import { logger } from '../logger.ts';
import type { BackupInfo } from './backup-info.ts';
import { createBackup } from './create-backup.ts';
import { dataPaths } from './data-paths.ts';
import { checkModeFor, integrityProblems } from './integrity-check.ts';
import type { CheckMode } from './integrity-check.ts';
import { postgresProblems } from './postgres-check.ts';
import { appliedMigrations, assertKnownMigrations, pendingMigrations } from './schema-version.ts';

/** Below this much free space the server refuses to start: a WAL, a migration and a backup need room. */
export const minFreeBytes = 16 * 1024 * 1024;

/**
 * Proves the data folder takes writes before anything else touches it: writes, flushes and removes
 * a probe file, then checks the free space. Read-only mounts, full disks and missing permissions
 * fail here with their own error codes, which `describeStorageError` turns into a clear message.
 */
export function checkDataFolder(
  dataDir: string,
  options: { minFree?: number } = {},
): { freeBytes: number } {
  const probe = join(dataDir, `.write-probe-${process.pid}`);
  const fd = openSync(probe, 'w');
  try {
    writeSync(fd, Buffer.alloc(64 * 1024, 0x2e));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
    try {
      unlinkSync(probe);
    } catch {
      /* best effort */
    }
  }
  const fs = statfsSync(dataDir);
  const freeBytes = Number(fs.bavail) * Number(fs.bsize);
  const min = options.minFree ?? minFreeBytes;
  if (freeBytes < min) {
    const err = new Error(
      `남은 공간 ${(freeBytes / 1048576).toFixed(1)} MB, 최소 ${(min / 1048576).toFixed(0)} MB가 필요합니다 (only ${freeBytes} bytes free, need ${min}).`,
    );
    (err as NodeJS.ErrnoException).code = 'ENOSPC';
    throw err;
  }
  return { freeBytes };
}

export interface PreparedDatabase {
  /** `schema` on PostgreSQL, which keeps its own pages consistent: postgres-check.ts */
  checked: CheckMode | 'schema';
  migrated: string[];
  backup: BackupInfo | null;
}

/**
 * Start-up for an opened (not yet migrated) database: integrity check (quick on big files), a
 * backup when migrations are pending on existing data, then the migrations, each in its own
 * transaction. Throws, leaving the database as it was, on any failure.
 */
export async function prepareDatabase(
  sqlite: DatabaseSync,
  dataDir: string,
): Promise<PreparedDatabase> {
  const mode = checkModeFor(dataPaths(dataDir).dbFile);
  const problems = integrityProblems(sqlite, mode);
  if (problems.length > 0) {
    // the operator's message names the latest backup (describeStorageError)
    throw new Error(
      `데이터베이스 무결성 검사 실패 (database integrity check failed):\n    ${problems.slice(0, 5).join('\n    ')}`,
    );
  }
  const pending = pendingMigrations(sqlite);
  let backup: BackupInfo | null = null;
  if (pending.length > 0 && appliedMigrations(sqlite).length > 0) {
    backup = await createBackup({ dataDir, reason: 'pre-migration' }).catch((err: Error) => {
      throw Object.assign(
        new Error(
          `마이그레이션 전 백업에 실패해 마이그레이션하지 않았습니다 (backup before migration failed, nothing migrated): ${err.message}`,
        ),
        {
          code: (err as NodeJS.ErrnoException).code,
          errcode: (err as { errcode?: number }).errcode,
        },
      );
    });
    logger.info('backup before migration', { file: backup.file, pending });
  }
  const migrated = migrate(sqlite);
  return { checked: mode, migrated, backup };
}

/**
 * Start-up on PostgreSQL: a backup (pg_dump) when migrations are pending on existing data, the
 * migrations, each in its own transaction, then PostgreSQL's form of the integrity check (the
 * schema is complete: postgres-check.ts). Throws on any failure.
 */
export async function preparePostgres(
  pool: Pool,
  options: { sharedDir: string; url: string },
): Promise<PreparedDatabase> {
  const applied = await appliedPostgresMigrations(pool);
  assertKnownMigrations(applied);
  const pending = migrations.filter((m) => !applied.includes(m.name));
  let backup: BackupInfo | null = null;
  if (pending.length > 0 && applied.length > 0) {
    backup = await createBackup({
      dataDir: options.sharedDir,
      databaseUrl: options.url,
      reason: 'pre-migration',
    }).catch((err: Error) => {
      throw new Error(
        `마이그레이션 전 백업에 실패해 마이그레이션하지 않았습니다 (backup before migration failed, nothing migrated): ${err.message}`,
      );
    });
    logger.info('backup before migration', {
      file: backup.file,
      pending: pending.map((m) => m.name),
    });
  }
  const migrated = await migratePostgres(pool);
  const problems = await postgresProblems(pool);
  if (problems.length > 0)
    throw new Error(
      `데이터베이스 스키마 검사 실패 (database schema check failed):\n    ${problems.join('\n    ')}`,
    );
  return { checked: 'schema', migrated, backup };
}
