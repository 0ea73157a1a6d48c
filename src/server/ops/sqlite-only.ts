import type { DatabaseSync } from 'node:sqlite';
import { ApiError } from '../http/api-error.ts';

/** The operations that copy the SQLite file itself and have no PostgreSQL way in the console yet. */
const subjects = {
  backup: '백업은',
  export: '내보내기는',
  import: '가져오기는',
} as const;

/**
 * The SQLite connection an operation on the database file needs. On PostgreSQL (decision 151) the
 * console answers 409 with what to use instead, and nothing is changed.
 */
export function sqliteOnly(sqlite: DatabaseSync | null, what: keyof typeof subjects): DatabaseSync {
  if (sqlite) return sqlite;
  throw new ApiError(
    409,
    `PostgreSQL 데이터베이스에서는 관리 화면의 ${subjects[what]} 아직 쓸 수 없습니다. 서버에서 pg_dump와 pg_restore를 사용해 주세요.`,
  );
}
