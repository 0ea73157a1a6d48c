import { sql } from 'kysely';
import type { Db } from './database.ts';

/**
 * Where PostgreSQL's write-ahead log is now (decision 151): it moves with every write of any
 * connection of the server, committed or not, and with nothing a read does that changes data. Two
 * equal positions mean no data changed between them: what SQLite's `total_changes()` and
 * `PRAGMA data_version` tell of the file. The API read cache asks it before serving a kept answer.
 */
export async function writeAheadPosition(db: Db): Promise<string> {
  const { rows } = await sql<{
    at: string;
  }>`SELECT pg_current_wal_insert_lsn()::text AS at`.execute(db);
  return rows[0].at;
}
