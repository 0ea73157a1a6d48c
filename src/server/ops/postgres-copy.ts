import pg from 'pg';
import { pgClientOptions } from '../db/open-postgres.ts';
import { readPgArchive, runPgTool } from './pg-tools.ts';
import { postgresProblems } from './postgres-check.ts';

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(pgClientOptions(url));
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Dumps the PostgreSQL database into `partial` in pg_dump's custom format (compressed, restored
 * table by table with pg_restore) while the servers keep writing, and returns its migrations.
 * The migrations are read in a REPEATABLE READ transaction whose snapshot pg_dump is given, so
 * the list in the manifest is the one inside the dump. The archive's table of contents is read
 * back before the dump counts as made.
 */
export async function dumpPostgres(url: string, partial: string): Promise<string[]> {
  const migrations = await withClient(url, async (client) => {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    try {
      const snapshot = (await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id'))
        .rows[0].id;
      const found = await client.query<{ t: string | null }>(
        "SELECT to_regclass('schema_migrations')::text AS t",
      );
      if (!found.rows[0]?.t)
        throw new Error(
          '백업할 데이터베이스가 없습니다 (no SBSA schema in the PostgreSQL database)',
        );
      const names = (
        await client.query<{ name: string }>(
          'SELECT name FROM schema_migrations ORDER BY applied_at, name',
        )
      ).rows.map((r) => r.name);
      await runPgTool('pg_dump', url, [
        '--format=custom',
        `--snapshot=${snapshot}`,
        `--file=${partial}`,
      ]);
      return names;
    } finally {
      await client.query('COMMIT').catch(() => undefined);
    }
  });
  await readPgArchive(['--list', partial]).catch((err: Error) => {
    throw new Error(
      `백업 사본을 읽을 수 없습니다 (pg_restore cannot read the dump): ${err.message}`,
    );
  });
  return migrations;
}

/**
 * The migrations recorded in a dump, read from its schema_migrations data by pg_restore (which
 * fails on a damaged or foreign file); [] for a readable archive that is not an SBSA database.
 */
export async function pgBackupMigrations(file: string): Promise<string[]> {
  const text = await readPgArchive([
    '--data-only',
    '--table=schema_migrations',
    '--file=-',
    file,
  ]).catch((err: Error) => {
    throw new Error(
      `백업 파일을 pg_restore로 읽을 수 없어 복원하지 않습니다 (the dump cannot be read; nothing was changed): ${err.message}`,
    );
  });
  const lines = text.split('\n');
  const start = lines.findIndex((l) =>
    /^COPY \S*schema_migrations \(name, applied_at\) FROM stdin;$/.test(l),
  );
  if (start < 0) return [];
  const rows: Array<{ name: string; at: string }> = [];
  for (const line of lines.slice(start + 1)) {
    if (line === '\\.') break;
    const [name, at] = line.split('\t');
    rows.push({ name, at });
  }
  return rows
    .sort((a, b) => a.at.localeCompare(b.at) || a.name.localeCompare(b.name))
    .map((r) => r.name);
}

/** Connections to the database other than ours: a running app node holds some in its pool. */
async function otherClients(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'",
    );
    return Number(rows[0].n);
  });
}

/**
 * Restores a dump into the PostgreSQL database with `pg_restore --clean --if-exists
 * --single-transaction`: every object of the dump is dropped and made again in one transaction,
 * so a failure leaves the database as it was. Refused while any other client is connected to the
 * database (an app node on another machine, which the data folder's lock cannot see).
 */
export async function restorePostgres(url: string, file: string): Promise<void> {
  const others = await otherClients(url);
  if (others > 0)
    throw new Error(
      `데이터베이스에 다른 연결이 ${others}개 있어 복원하지 않습니다. 모든 서버를 멈춘 뒤 다시 실행하세요 (${others} other connections to the database; stop every node first).`,
    );
  await runPgTool('pg_restore', url, [
    '--clean',
    '--if-exists',
    '--single-transaction',
    '--no-owner',
    '--no-privileges',
    file,
  ]);
  const problems = await withClient(url, (client) =>
    postgresProblems(client, { allowPending: true }),
  );
  if (problems.length > 0)
    throw new Error(
      `복원한 데이터베이스의 스키마 검사 실패 (schema check after restore failed): ${problems.join('; ')}`,
    );
}
