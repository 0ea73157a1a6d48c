import { existsSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { resolve } from 'node:path';
import { Kysely } from 'kysely';
import { NodeSqliteDialect } from '../db/node-sqlite-dialect.ts';
import { seoulToday } from '../../lib/seoul-date.ts';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

let opened: { file: string; db: Db } | undefined;

/** The database file a build reads: SBSA_DB_FILE, else ./data/sbsa.sqlite. */
export function buildDbFile(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.SBSA_DB_FILE || './data/sbsa.sqlite');
}

/** The public origin for canonical links and feeds: PUBLIC_ORIGIN, else http://localhost:4321. */
export function publicOrigin(env: NodeJS.ProcessEnv = process.env): string {
  return (env.PUBLIC_ORIGIN || 'http://localhost:4321').replace(/\/+$/, '');
}

/** "Today" in Asia/Seoul for upcoming and recent games; SBSA_TODAY (YYYY-MM-DD) pins it for reproducible builds. */
export function buildToday(env: NodeJS.ProcessEnv = process.env, now = new Date()): string {
  if (env.SBSA_TODAY && /^\d{4}-\d{2}-\d{2}$/.test(env.SBSA_TODAY)) return env.SBSA_TODAY;
  return seoulToday(now);
}

/**
 * Opens a database file read-only inside one read transaction, so every page of a build sees the
 * same snapshot even while the server keeps writing (WAL readers never block writers).
 */
export function openReadOnlyDb(file: string): { db: Db; close(): void } {
  if (!existsSync(file))
    throw new Error(
      `사이트를 만들 데이터베이스 파일이 없습니다 (database file not found): ${file} — SBSA_DB_FILE을 확인하세요.`,
    );
  const sqlite = new DatabaseSync(file, { readOnly: true, timeout: 5000 });
  sqlite.exec('BEGIN');
  // A deferred transaction takes its snapshot at the first read.
  sqlite.prepare('SELECT count(*) FROM sqlite_master').get();
  const db = new Kysely<Database>({ dialect: new NodeSqliteDialect(sqlite) });
  return {
    db,
    close() {
      if (!sqlite.isOpen) return;
      if (sqlite.isTransaction) sqlite.exec('ROLLBACK');
      sqlite.close();
    },
  };
}

/** The build's database, opened once per build process. */
export function buildDb(): Db {
  const file = buildDbFile();
  if (!opened || opened.file !== file) opened = { file, db: openReadOnlyDb(file).db };
  return opened.db;
}
