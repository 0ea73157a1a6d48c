import type { DatabaseSync } from 'node:sqlite';
import * as initial from './migrations/001-initial.ts';
import * as oneActiveSeason from './migrations/002-one-active-season.ts';
import * as imageSizes from './migrations/003-image-sizes.ts';
import * as boxScoreEvents from './migrations/004-box-score-events.ts';
import * as noticeDrafts from './migrations/005-notice-drafts.ts';
import * as nightlyCheck from './migrations/006-nightly-check.ts';
import * as personalAccessLog from './migrations/007-personal-access-log.ts';
import * as totp from './migrations/008-totp.ts';
import * as loginFailuresAndErasure from './migrations/009-login-failures-and-erasure.ts';
import * as liveGames from './migrations/010-live-games.ts';
import * as changeRecord from './migrations/011-change-record.ts';
import * as severalNodes from './migrations/012-several-nodes.ts';
import * as publishRunScope from './migrations/013-publish-run-scope.ts';
import * as gamePlays from './migrations/014-game-plays.ts';

export interface Migration {
  name: string;
  /** the SQLite text; never edited once shipped */
  sql: string;
  /**
   * The same change in PostgreSQL's dialect (decision 151): the same tables, columns, constraints
   * and indexes. A migration without one cannot run on PostgreSQL yet: the runner says so.
   */
  postgres?: string;
}

/** Ordered list: append only, never edit a migration that has shipped. */
export const migrations: Migration[] = [
  initial,
  oneActiveSeason,
  imageSizes,
  boxScoreEvents,
  noticeDrafts,
  nightlyCheck,
  personalAccessLog,
  totp,
  loginFailuresAndErasure,
  liveGames,
  changeRecord,
  severalNodes,
  publishRunScope,
  gamePlays,
];

/** Refuses a database that recorded a migration this program does not know: a newer program's. */
export function refuseNewerDatabase(
  applied: ReadonlySet<string>,
  list: Migration[] = migrations,
): void {
  const known = new Set(list.map((m) => m.name));
  const unknown = [...applied].filter((n) => !known.has(n));
  if (unknown.length > 0)
    throw new Error(
      `데이터베이스가 이 프로그램보다 새로운 버전입니다 (database is newer than this program: ${unknown.join(', ')})`,
    );
}

/** Applies pending migrations, each in its own transaction, so a failure never leaves a half-migrated database. */
export function migrate(sqlite: DatabaseSync): string[] {
  sqlite.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`);
  const applied = new Set(
    sqlite
      .prepare('SELECT name FROM schema_migrations')
      .all()
      .map((r) => String(r.name)),
  );
  refuseNewerDatabase(applied);
  const ran: string[] = [];
  for (const m of migrations) {
    if (applied.has(m.name)) continue;
    sqlite.exec('BEGIN IMMEDIATE');
    try {
      // another node of the shared file may have applied it since the list was read
      if (sqlite.prepare('SELECT 1 FROM schema_migrations WHERE name = ?').get(m.name)) {
        sqlite.exec('ROLLBACK');
        continue;
      }
      sqlite.exec(m.sql);
      sqlite
        .prepare('INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)')
        .run(m.name, new Date().toISOString());
      sqlite.exec('COMMIT');
    } catch (err) {
      // SQLite may have rolled back already (SQLITE_FULL, I/O errors); keep the original error.
      if (sqlite.isTransaction) sqlite.exec('ROLLBACK');
      throw err;
    }
    ran.push(m.name);
  }
  return ran;
}
