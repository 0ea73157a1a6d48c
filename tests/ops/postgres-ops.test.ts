import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database.ts';
import { migratePostgres } from '../../src/server/db/migrate-postgres.ts';
import { migrations } from '../../src/server/db/migrate.ts';
import { openPostgres } from '../../src/server/db/open-postgres.ts';
import type { BackupInfo } from '../../src/server/ops/backup-info.ts';
import { startBackupSchedule } from '../../src/server/ops/backup-schedule.ts';
import { createBackup } from '../../src/server/ops/create-backup.ts';
import { postgresProblems } from '../../src/server/ops/postgres-check.ts';
import { preparePostgres } from '../../src/server/ops/startup-checks.ts';
import { listBackups } from '../../src/server/ops/list-backups.ts';
import { startPgCluster } from '../helpers/pg-cluster.ts';
import type { PgCluster } from '../helpers/pg-cluster.ts';
import type { ChildServer } from './helpers/child-server.ts';
import { adminLogin, runToExit, serverEnv, startServer } from './helpers/child-server.ts';
import { call, login } from './helpers/http.ts';

/**
 * Backups, restore, export and import on PostgreSQL (decision 151): real pg_dump and pg_restore
 * against a throw-away cluster of this file, the real server and the ops scripts in child
 * processes, beside the SQLite instance an association moves from.
 */
let cluster: PgCluster;
const temps: string[] = [];
const servers: ChildServer[] = [];
const temp = (name: string) => {
  const d = mkdtempSync(join(tmpdir(), `sbsa-pgops-${name}-`));
  temps.push(d);
  return d;
};

async function createDatabase(name: string): Promise<string> {
  const admin = new pg.Client(cluster.url('postgres'));
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return cluster.url(name);
}

async function queryOne<R>(url: string, text: string): Promise<R> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return (await client.query(text)).rows[0] as R;
  } finally {
    await client.end();
  }
}

async function start(dir: string, extra: NodeJS.ProcessEnv = {}): Promise<ChildServer> {
  const server = await startServer(dir, extra, 300_000);
  servers.push(server);
  return server;
}

/** What a visitor and an admin see of the association: compared across the two databases. */
async function answers(url: string) {
  const token = await login(url, adminLogin);
  const get = async (path: string) => {
    const res = await call(url, 'GET', path, { token });
    expect(res.status, `${path}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
    return res.body.data;
  };
  return {
    standings: await get('/api/stats/league/1/standings'),
    player: await get('/api/stats/player/1'),
    notices: await get('/api/league/main/1/notice'),
  };
}

beforeAll(async () => {
  cluster = await startPgCluster();
}, 120_000);

afterAll(async () => {
  for (const s of servers) await s.kill();
  cluster?.stop();
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

describe('backups on PostgreSQL', () => {
  let url: string;
  let dir: string;
  let server: ChildServer;
  let dump: string;
  let before: Awaited<ReturnType<typeof answers>>;
  const figures: Record<string, number> = {};

  it('seeds the demo association on an empty PostgreSQL database', async () => {
    url = await createDatabase('sbsa_backup');
    dir = temp('backup');
    server = await start(dir, { DATABASE_URL: url });
    before = await answers(server.url);
    expect(JSON.stringify(before.standings)).toContain('"team');
    const players = await queryOne<{ n: number }>(url, 'SELECT count(*)::int AS n FROM players');
    expect(players.n).toBeGreaterThan(10);
  });

  it('takes a pg_dump custom-format backup from the admin API and from npm run backup', async () => {
    const token = await login(server.url, adminLogin);
    const res = await call(server.url, 'POST', '/api/admin/backup', { token });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.file).toMatch(/^sbsa-\d{8}-\d{6}(-\d+)?\.dump$/);
    expect(res.body.data.migrations.length).toBeGreaterThan(10);
    figures.apiBackupMs = res.body.data.durationMs;

    const run = await runToExit(['scripts/backup.ts'], serverEnv(dir, { DATABASE_URL: url }));
    expect(run.code, run.stderr).toBe(0);
    const listed = listBackups(dir);
    expect(listed).toHaveLength(2);
    const cli = listed.find((b) => b.reason === 'command-line');
    expect(cli?.file).toMatch(/\.dump$/);
    dump = cli?.path ?? '';
    // pg_dump's custom format begins with its magic bytes
    expect(readFileSync(dump).subarray(0, 5).toString('latin1')).toBe('PGDMP');
    figures.cliBackupMs = cli?.durationMs ?? Number.NaN;
  });

  it('refuses to restore while a node runs, or while another client is connected', async () => {
    const running = await runToExit(
      ['scripts/restore.ts', dump],
      serverEnv(dir, { DATABASE_URL: url }),
    );
    expect(running.code).toBe(1);
    expect(running.stderr).toContain('복원하지 않았습니다');
    await server.stop();

    const other = new pg.Client(url);
    await other.connect();
    try {
      const connected = await runToExit(
        ['scripts/restore.ts', dump],
        serverEnv(dir, { DATABASE_URL: url }),
      );
      expect(connected.code).toBe(1);
      expect(connected.stderr).toMatch(/다른 연결이 1개 있어 복원하지 않습니다/);
    } finally {
      await other.end();
    }
  });

  it('restores a dump with pg_restore to the same data', async () => {
    // work after the backup, which the restore must take away
    server = await start(dir, { DATABASE_URL: url });
    const token = await login(server.url, adminLogin);
    const added = await call(server.url, 'POST', '/api/league/main/1/notice', {
      token,
      body: { title: '백업 뒤의 공지', body: '복원하면 사라집니다' },
    });
    expect(added.status).toBe(201);
    expect(JSON.stringify((await answers(server.url)).notices)).toContain('백업 뒤의 공지');
    await server.stop();

    const started = performance.now();
    const run = await runToExit(
      ['scripts/restore.ts', dump],
      serverEnv(dir, { DATABASE_URL: url }),
    );
    figures.restoreMs = Math.round(performance.now() - started);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('복원 완료');

    server = await start(dir, { DATABASE_URL: url });
    const after = await answers(server.url);
    expect(after).toEqual(before);
    await server.stop();
    process.stdout.write(`PostgreSQL demo backup/restore figures: ${JSON.stringify(figures)}\n`);
  });

  it('does not restore a SQLite backup into PostgreSQL, nor a dump into SQLite', async () => {
    const sqliteDir = temp('sqlite-kind');
    const opened = openDatabase(join(sqliteDir, 'sbsa.sqlite'));
    await opened.close();
    const sqliteBackup = await createBackup({ dataDir: sqliteDir, reason: 'manual' });

    const intoPg = await runToExit(
      ['scripts/restore.ts', sqliteBackup.path],
      serverEnv(dir, { DATABASE_URL: url }),
    );
    expect(intoPg.code).toBe(1);
    expect(intoPg.stderr).toContain(
      'SQLite 백업은 PostgreSQL 데이터베이스에 복원할 수 없습니다. 다른 데이터베이스로 옮기려면 npm run export와 npm run import를 사용하세요',
    );

    const intoSqlite = await runToExit(['scripts/restore.ts', dump], serverEnv(sqliteDir));
    expect(intoSqlite.code).toBe(1);
    expect(intoSqlite.stderr).toContain(
      'PostgreSQL 백업은 SQLite 데이터베이스에 복원할 수 없습니다.',
    );

    // the restore command lists only what it can restore
    mkdirSync(join(dir, 'backups'), { recursive: true });
    copyFileSync(sqliteBackup.path, join(dir, 'backups', sqliteBackup.file));
    const help = await runToExit(['scripts/restore.ts'], serverEnv(dir, { DATABASE_URL: url }));
    expect(help.stdout).not.toContain(sqliteBackup.file);
    expect(help.stdout).toContain('다른 데이터베이스의 백업 1개는 복원할 수 없어');
    rmSync(join(dir, 'backups', sqliteBackup.file));
  });

  it('keeps by the retention policy the same backups as on SQLite', async () => {
    const sqliteDir = temp('sqlite-retention');
    const pgDir = temp('pg-retention');
    const opened = openDatabase(join(sqliteDir, 'sbsa.sqlite'));
    await opened.close();
    // two backups a day for ten days: more than the newest ten, the days and the weeks keep
    const times = Array.from(
      { length: 20 },
      (_, i) => new Date(Date.UTC(2026, 2, 1, 3 + (i % 2) * 12) + Math.floor(i / 2) * 86_400_000),
    );
    for (const now of times) {
      await createBackup({ dataDir: sqliteDir, reason: 'scheduled', now });
      await createBackup({ dataDir: pgDir, databaseUrl: url, reason: 'scheduled', now });
    }
    const names = (d: string) => listBackups(d).map((b) => b.file.replace(/\.(sqlite|dump)$/, ''));
    expect(names(pgDir)).toEqual(names(sqliteDir));
    expect(names(pgDir).length).toBeLessThan(times.length);
    expect(listBackups(pgDir).every((b) => b.file.endsWith('.dump'))).toBe(true);
  });
});

describe('the other backup entry points on PostgreSQL', () => {
  it('backs up before pending migrations, then migrates and checks the schema', async () => {
    const url = await createDatabase('sbsa_premigration');
    const dir = temp('premigration');
    const opened = openPostgres(url);
    try {
      // a database of the previous version: every migration but the last
      await migratePostgres(opened.pool, migrations.slice(0, -1));
      const prepared = await preparePostgres(opened.pool, { sharedDir: dir, url });
      expect(prepared.migrated).toEqual([migrations.at(-1)?.name]);
      expect(prepared.checked).toBe('schema');
      expect(prepared.backup?.reason).toBe('pre-migration');
      expect(prepared.backup?.file).toMatch(/\.dump$/);
      expect(prepared.backup?.migrations).toEqual(migrations.slice(0, -1).map((m) => m.name));
      expect(await postgresProblems(opened.pool)).toEqual([]);
      // a table gone missing is what the check reports
      await opened.pool.query('DROP TABLE league_awards CASCADE');
      expect((await postgresProblems(opened.pool)).join()).toContain('league_awards');
    } finally {
      await opened.close();
    }
  });

  it('takes the scheduled backup as a dump', async () => {
    const url = await createDatabase('sbsa_schedule');
    const dir = temp('schedule');
    const opened = openPostgres(url);
    await migratePostgres(opened.pool);
    await opened.close();
    const taken = await new Promise<BackupInfo>((resolve) => {
      const schedule = startBackupSchedule({
        dataDir: dir,
        databaseUrl: url,
        intervalHours: 24,
        firstDelayMs: 10,
        onBackup: (b) => {
          schedule.stop();
          resolve(b);
        },
      });
    });
    expect(taken.reason).toBe('scheduled');
    expect(taken.file).toMatch(/\.dump$/);
    expect(listBackups(dir).map((b) => b.file)).toEqual([taken.file]);
  });
});

describe('moving an association from SQLite to PostgreSQL', () => {
  let sqliteDir: string;
  let source: ChildServer;
  let exportFile: string;
  let expected: Awaited<ReturnType<typeof answers>>;

  it('npm run export on SQLite, then npm run import into an empty PostgreSQL database', async () => {
    sqliteDir = temp('from');
    source = await start(sqliteDir);
    const token = await login(source.url, adminLogin);
    const notice = await call(source.url, 'POST', '/api/league/main/1/notice', {
      token,
      body: { title: '옮기기 전 공지', body: 'SQLite에서 쓴 공지' },
    });
    expect(notice.status).toBe(201);
    expected = await answers(source.url);
    exportFile = join(sqliteDir, 'export.json');
    const exported = await runToExit(['scripts/export.ts', exportFile], serverEnv(sqliteDir));
    expect(exported.code, exported.stderr).toBe(0);

    const url = await createDatabase('sbsa_moved');
    const pgDir = temp('to');
    const imported = await runToExit(
      ['scripts/import.ts', exportFile],
      serverEnv(pgDir, { DATABASE_URL: url }),
    );
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain('가져오기 완료');

    // the change record holds the imported rows beyond the publisher's mark: the site is published next
    const changes = await queryOne<{ newest: number; mark: number }>(
      url,
      'SELECT (SELECT max(id) FROM public_changes)::int AS newest, COALESCE((SELECT max(last_id) FROM publish_cursor), 0)::int AS mark',
    );
    expect(changes.newest).toBeGreaterThan(changes.mark);

    // npm run export from PostgreSQL gives back the very tables SQLite exported
    const back = await runToExit(
      ['scripts/export.ts', '-'],
      serverEnv(pgDir, { DATABASE_URL: url }),
    );
    expect(back.code, back.stderr).toBe(0);
    const fromSqlite = JSON.parse(readFileSync(exportFile, 'utf8'));
    const fromPostgres = JSON.parse(back.stdout);
    expect(fromPostgres.schema).toEqual(fromSqlite.schema);
    expect(Object.keys(fromPostgres.tables)).toEqual(Object.keys(fromSqlite.tables));
    // rows of a table keyed by several columns come by key from PostgreSQL, by insertion from SQLite
    const sorted = (t: { columns: string[]; rows: unknown[][] }) => ({
      columns: t.columns,
      rows: t.rows.map((r) => JSON.stringify(r)).sort(),
    });
    for (const table of Object.keys(fromSqlite.tables))
      expect(sorted(fromPostgres.tables[table]), table).toEqual(sorted(fromSqlite.tables[table]));

    const target = await start(pgDir, { DATABASE_URL: url, SEED_DEMO: '0' });
    expect(await answers(target.url)).toEqual(expected);
    // new rows get ids after the imported ones (the identity sequences were moved on)
    const added = await call(target.url, 'POST', '/api/league/main/1/notice', {
      token: await login(target.url, adminLogin),
      body: { title: '옮긴 뒤 공지', body: 'PostgreSQL에서 쓴 공지' },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    await target.stop();
  });

  it('imports through the admin API into an empty PostgreSQL instance', async () => {
    const url = await createDatabase('sbsa_api_import');
    const dir = temp('api-import');
    const target = await start(dir, { DATABASE_URL: url, SEED_DEMO: '0' });
    const token = await login(target.url, adminLogin);
    const res = await call(target.url, 'POST', '/api/admin/import', {
      token,
      body: JSON.parse(readFileSync(exportFile, 'utf8')),
    });
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    expect(res.body.data.rows).toBeGreaterThan(100);
    expect(await answers(target.url)).toEqual(expected);

    // a second import finds data and changes nothing
    const again = await call(target.url, 'POST', '/api/admin/import', {
      token: await login(target.url, adminLogin),
      body: JSON.parse(readFileSync(exportFile, 'utf8')),
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('빈 인스턴스에만 가져올 수 있습니다');
    await target.stop();
    await source.stop();
  });
});
