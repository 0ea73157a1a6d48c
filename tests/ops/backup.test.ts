import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
  closeSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { bootstrap } from '../../src/server/bootstrap.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { OpenedDatabase } from '../../src/server/db/database.ts';
import { migrations } from '../../src/server/db/migrate.ts';
import { startBackupSchedule } from '../../src/server/ops/backup-schedule.ts';
import { backupsToKeep } from '../../src/server/ops/backup-retention.ts';
import { createBackup } from '../../src/server/ops/create-backup.ts';
import { listBackups } from '../../src/server/ops/list-backups.ts';
import { pruneBackups } from '../../src/server/ops/prune-backups.ts';
import { restoreBackup } from '../../src/server/ops/restore-backup.ts';
import { nodeBin, runToExit, serverEnv, startServer } from './helpers/child-server.ts';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function instance(): Promise<{ dir: string; opened: OpenedDatabase }> {
  const dir = mkdtempSync(join(tmpdir(), 'sbsa-backup-'));
  const opened = await bootstrap(
    loadConfig({
      DATA_DIR: dir,
      SEED_DEMO: '0',
      JWT_SECRET: 'x'.repeat(48),
      ADMIN_PASSWORD: 'admin-password-1',
      LOG_LEVEL: 'silent',
    }),
  );
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cleanups.push(() => opened.close());
  // no DATABASE_URL: the SQLite file, whose backups this file tests
  if (opened.kind !== 'sqlite') throw new Error('expected the SQLite database');
  return { dir, opened };
}

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const count = (file: string, table: string) => {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return Number(db.prepare(`SELECT count(*) AS n FROM ${table}`).get()!.n);
  } finally {
    db.close();
  }
};

describe('online backup', () => {
  it('takes a consistent, checked, self-contained copy while writes go on', async () => {
    const { dir, opened } = await instance();
    let running = true;
    let written = 0;
    const writer = (async () => {
      while (running) {
        await opened.db.transaction().execute(async (tx) => {
          await tx
            .insertInto('audit_log')
            .values({ user_id: null, action: 'test', entity: 'load', entity_id: String(written) })
            .execute();
          await tx
            .insertInto('audit_log')
            .values({ user_id: null, action: 'test', entity: 'pair', entity_id: String(written) })
            .execute();
        });
        written += 1;
        await new Promise((r) => setImmediate(r));
      }
    })();
    const backups = [];
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const before = written;
      const b = await createBackup({ dataDir: dir, reason: 'manual', by: 'admin@sbsa.kr' });
      backups.push({ b, before, after: written });
    }
    running = false;
    await writer;
    expect(written).toBeGreaterThan(10);
    for (const { b, before, after } of backups) {
      expect(existsSync(`${b.path}-wal`)).toBe(false);
      const copy = new DatabaseSync(b.path, { readOnly: true });
      expect(copy.prepare('PRAGMA integrity_check').get()!.integrity_check).toBe('ok');
      expect(copy.prepare('PRAGMA journal_mode').get()!.journal_mode).toBe('delete');
      const pairs = copy
        .prepare(
          "SELECT entity, count(*) AS n FROM audit_log WHERE action = 'test' GROUP BY entity",
        )
        .all();
      copy.close();
      const n = Object.fromEntries(pairs.map((p) => [p.entity, Number(p.n)]));
      // a transaction is in the copy whole or not at all
      expect(n.load ?? 0).toBe(n.pair ?? 0);
      expect(n.load ?? 0).toBeGreaterThanOrEqual(before);
      expect(n.load ?? 0).toBeLessThanOrEqual(after);
      expect(b).toMatchObject({
        reason: 'manual',
        by: 'admin@sbsa.kr',
        migrations: migrations.map((m) => m.name),
      });
      expect(b.file).toMatch(/^sbsa-\d{8}-\d{6}(-\d+)?\.sqlite$/);
    }
    expect(listBackups(dir).map((b) => b.file)).toEqual(backups.map((x) => x.b.file).reverse());
  });

  it('keeps the uploads as a hard-link snapshot that outlives the originals', async () => {
    const { dir } = await instance();
    mkdirSync(join(dir, 'uploads/2025/03'), { recursive: true });
    const original = join(dir, 'uploads/2025/03/abc123.png');
    writeFileSync(original, 'png bytes');
    const b = await createBackup({ dataDir: dir, reason: 'manual' });
    const copy = join(b.uploads!.folder, '2025/03/abc123.png');
    expect(b.uploads).toMatchObject({ files: 1, bytes: 9 });
    expect(statSync(copy).ino).toBe(statSync(original).ino);
    rmSync(original);
    expect(readFileSync(copy, 'utf8')).toBe('png bytes');
  });

  it('prunes by the retention policy, removing a backup with its manifest and uploads', async () => {
    const { dir } = await instance();
    const start = Date.parse('2026-01-01T03:00:00+09:00');
    for (let day = 0; day < 40; day++) {
      await createBackup({
        dataDir: dir,
        reason: 'scheduled',
        now: new Date(start + day * 86_400_000),
        prune: false,
      });
    }
    const expected = backupsToKeep(
      listBackups(dir).map((b) => ({ name: b.file, time: new Date(b.createdAt) })),
    );
    const removed = pruneBackups(dir);
    const left = readdirSync(join(dir, 'backups'));
    // 10 newest (days 30–39), one a day for 7 days (inside those), one a week for 4 weeks (Monday weeks)
    expect(
      listBackups(dir)
        .map((b) => b.file)
        .sort(),
    ).toEqual([...expected].sort());
    expect(expected.size).toBe(11); // days 30–39 and the newest of the week of 19–25 January (day 24)
    expect(removed).toHaveLength(29);
    for (const name of removed)
      expect(left.some((f) => f.startsWith(name.replace('.sqlite', '')))).toBe(false);
  });

  it('runs on a schedule, counting from the newest backup', async () => {
    const { dir } = await instance();
    const made: string[] = [];
    const schedule = startBackupSchedule({
      dataDir: dir,
      intervalHours: 1.5 / 3600,
      firstDelayMs: 50,
      onBackup: (b) => made.push(b.file),
    });
    cleanups.push(() => schedule.stop());
    // two intervals of 1.5 s, and time to spare on a busy machine
    for (const until = Date.now() + 15_000; made.length < 2 && Date.now() < until; )
      await new Promise((r) => setTimeout(r, 50));
    schedule.stop();
    expect(made.length).toBeGreaterThanOrEqual(2);
    expect(listBackups(dir).every((b) => b.reason === 'scheduled')).toBe(true);
    const off = startBackupSchedule({ dataDir: dir, intervalHours: 0 });
    expect(off.nextAt()).toBeNull();
    off.stop();
  });
});

describe('restore', () => {
  async function stoppedWithBackup() {
    const { dir, opened } = await instance();
    await opened.db.insertInto('divisions').values({ main_id: 1, name: '백업 전' }).execute();
    const b = await createBackup({ dataDir: dir, reason: 'manual' });
    await opened.db.insertInto('divisions').values({ main_id: 1, name: '백업 후' }).execute();
    await opened.close();
    return { dir, b };
  }

  /** A copy of the backup with every page after the first scribbled over. */
  function damagedCopy(dir: string, backup: string): string {
    const damaged = join(dir, 'damaged.sqlite');
    cpSync(backup, damaged);
    const size = statSync(damaged).size;
    const fd = openSync(damaged, 'r+');
    for (let at = 4096; at < size; at += 4096)
      writeSync(fd, Buffer.alloc(512, 0x5a), 0, 512, at + 100);
    closeSync(fd);
    return damaged;
  }

  it('refuses a backup that fails integrity_check, changing nothing', async () => {
    const { dir, b } = await stoppedWithBackup();
    const damaged = damagedCopy(dir, b.path);
    const before = sha(join(dir, 'sbsa.sqlite'));
    await expect(restoreBackup({ dataDir: dir, file: damaged })).rejects.toThrow(/integrity_check/);
    expect(sha(join(dir, 'sbsa.sqlite'))).toBe(before);
    expect(existsSync(join(dir, 'replaced'))).toBe(false);
    expect(existsSync(join(dir, 'server.pid'))).toBe(false); // the lock is let go on failure too
  });

  it('npm run restore refuses a damaged backup with exit code 1, changing nothing', async () => {
    const { dir, b } = await stoppedWithBackup();
    const damaged = damagedCopy(dir, b.path);
    const before = sha(join(dir, 'sbsa.sqlite'));
    const run = await runToExit(['scripts/restore.ts', damaged], serverEnv(dir));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('복원하지 않았습니다 / restore refused');
    expect(run.stderr).toContain(
      '백업 파일이 무결성 검사(integrity_check)를 통과하지 못해 복원하지 않습니다.',
    );
    expect(run.stderr).toContain('The backup fails integrity_check; nothing was changed.');
    expect(run.stdout).not.toContain('복원 완료');
    expect(sha(join(dir, 'sbsa.sqlite'))).toBe(before);
    expect(count(join(dir, 'sbsa.sqlite'), 'divisions')).toBe(2);
    expect(readdirSync(dir).filter((f) => /^(replaced|rebuild-site|server\.pid)/.test(f))).toEqual(
      [],
    );
  });

  it('refuses files that are not SBSA databases or come from a newer version', async () => {
    const { dir, b } = await stoppedWithBackup();
    const other = join(dir, 'other.sqlite');
    const db = new DatabaseSync(other);
    db.exec('CREATE TABLE x (a)');
    db.close();
    await expect(restoreBackup({ dataDir: dir, file: other })).rejects.toThrow(/SBSA/);
    const newer = join(dir, 'newer.sqlite');
    cpSync(b.path, newer);
    const n = new DatabaseSync(newer);
    n.prepare('INSERT INTO schema_migrations VALUES (?, ?)').run('999-future', 'now');
    n.close();
    await expect(restoreBackup({ dataDir: dir, file: newer })).rejects.toThrow(/새로운 버전/);
    await expect(
      restoreBackup({ dataDir: dir, file: 'sbsa-19990101-000000.sqlite' }),
    ).rejects.toThrow(/찾을 수 없습니다/);
  });

  it('refuses while a server process holds the data folder, and runs once it is gone', async () => {
    const { dir, b } = await stoppedWithBackup();
    // a live node process named in the lock file, as the server writes it
    const fake = spawn(nodeBin, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    cleanups.push(() => fake.kill('SIGKILL'));
    writeFileSync(
      join(dir, 'server.pid'),
      JSON.stringify({ pid: fake.pid, host: hostname(), startedAt: new Date().toISOString() }),
    );
    await expect(restoreBackup({ dataDir: dir, file: b.file })).rejects.toMatchObject({
      code: 'SBSA_IN_USE',
      message: expect.stringContaining('stop it first'),
    });
    fake.kill('SIGKILL');
    await new Promise((r) => fake.once('exit', r));
    const r = await restoreBackup({ dataDir: dir, file: b.file });
    expect(r.migrations).toEqual(migrations.map((m) => m.name));
  });

  it('puts the backup in place and keeps the replaced database aside', async () => {
    const { dir, b } = await stoppedWithBackup();
    const replacedSha = sha(join(dir, 'sbsa.sqlite'));
    const r = await restoreBackup({ dataDir: dir, file: b.path });
    const db = new DatabaseSync(join(dir, 'sbsa.sqlite'), { readOnly: true });
    const names = db
      .prepare('SELECT name FROM divisions ORDER BY name')
      .all()
      .map((x) => x.name);
    db.close();
    expect(names).toEqual(['백업 전']);
    expect(sha(join(r.keptAside, 'sbsa.sqlite'))).toBe(replacedSha);
    expect(count(join(r.keptAside, 'sbsa.sqlite'), 'divisions')).toBe(2);
    expect(existsSync(join(dir, 'rebuild-site'))).toBe(true);
    // the restored folder opens as a server would open it
    const again = await bootstrap(
      loadConfig({
        DATA_DIR: dir,
        SEED_DEMO: '0',
        JWT_SECRET: 'x'.repeat(48),
        LOG_LEVEL: 'silent',
      }),
    );
    await again.close();
  });

  it('npm run restore refuses while the server runs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sbsa-backup-cli-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const server = await startServer(dir);
    cleanups.push(() => server.stop());
    const backup = await runToExit(['scripts/backup.ts'], serverEnv(dir));
    expect(backup.code, backup.stderr).toBe(0);
    const file = listBackups(dir)[0].file;
    const run = await runToExit(['scripts/restore.ts', file], serverEnv(dir));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('서버가 실행 중입니다');
    expect(run.stderr).toContain(`pid ${server.proc.pid}`);
    await server.stop();
    const ok = await runToExit(['scripts/restore.ts', file], serverEnv(dir));
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toContain('복원 완료');
  });
});
