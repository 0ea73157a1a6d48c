import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeSync,
  closeSync,
} from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { SERVER_ENTRY, runToExit, serverEnv, startServer } from './helpers/child-server.ts';
import { canMount, fillDisk, mountTmpfs } from './helpers/mounts.ts';
import type { Tmpfs } from './helpers/mounts.ts';

const mountable = canMount();
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sbsa-startup-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};
const tmpfs = (mb: number): Tmpfs => {
  const t = mountTmpfs(mb);
  cleanups.push(() => t.unmount());
  return t;
};

/** Starts the server expecting it to refuse: exit code and what it printed. */
const refusedStart = (dataDir: string) => runToExit([SERVER_ENTRY], serverEnv(dataDir), 60_000);

/** A data folder with the demo association, its server stopped cleanly. */
async function seeded(dataDir: string): Promise<void> {
  const server = await startServer(dataDir);
  await server.stop();
}

function countGames(dbFile: string): number {
  const db = new DatabaseSync(dbFile, { readOnly: true });
  try {
    return Number(db.prepare('SELECT count(*) AS n FROM games').get()!.n);
  } finally {
    db.close();
  }
}

function integrity(dbFile: string): string {
  const db = new DatabaseSync(dbFile);
  try {
    return String(db.prepare('PRAGMA integrity_check').get()!.integrity_check);
  } finally {
    db.close();
  }
}

afterAll(() => {
  for (const c of cleanups.splice(0)) c();
});

describe('start-up refuses an unusable data folder with a clear message and exit code 1', () => {
  it.skipIf(!mountable)(
    'a read-only data folder (tmpfs remounted ro), empty or with data',
    async () => {
      const fs = tmpfs(64);
      fs.readOnly();
      let run = await refusedStart(fs.dir);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('읽기 전용');
      expect(run.stderr).toContain('read-only');
      expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace

      fs.readWrite();
      await seeded(fs.dir);
      const games = countGames(join(fs.dir, 'sbsa.sqlite'));
      fs.readOnly();
      run = await refusedStart(fs.dir);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('데이터 폴더가 읽기 전용');
      fs.readWrite();
      expect(integrity(join(fs.dir, 'sbsa.sqlite'))).toBe('ok');
      expect(countGames(join(fs.dir, 'sbsa.sqlite'))).toBe(games);
      await seeded(fs.dir); // and it starts again once writable
    },
  );

  it.skipIf(!mountable)('a full disk (small tmpfs filled up)', async () => {
    const fs = tmpfs(48);
    await seeded(fs.dir);
    const games = countGames(join(fs.dir, 'sbsa.sqlite'));
    const filler = fillDisk(fs.dir);
    const run = await refusedStart(fs.dir);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('디스크 공간이 부족합니다');
    expect(run.stderr).toContain('The disk is full');
    rmSync(filler);
    expect(integrity(join(fs.dir, 'sbsa.sqlite'))).toBe('ok');
    expect(countGames(join(fs.dir, 'sbsa.sqlite'))).toBe(games);
    await seeded(fs.dir);
  });

  it.skipIf(!mountable)('too little free space to run safely', async () => {
    const fs = tmpfs(12); // below the 16 MB the server asks for
    const run = await refusedStart(fs.dir);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('디스크 공간이 부족합니다');
    expect(run.stderr).toMatch(/남은 공간 [\d.]+ MB/);
  });

  it('a database from a newer version of the program', async () => {
    const dir = temp();
    await seeded(dir);
    const db = new DatabaseSync(join(dir, 'sbsa.sqlite'));
    db.prepare('INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)').run(
      '999-from-the-future',
      new Date().toISOString(),
    );
    db.close();
    const before = statSync(join(dir, 'sbsa.sqlite')).mtimeMs;
    const run = await refusedStart(dir);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('새로운 버전');
    expect(run.stderr).toContain('newer');
    expect(run.stderr).toContain('999-from-the-future');
    expect(statSync(join(dir, 'sbsa.sqlite')).mtimeMs).toBe(before);
  });

  it('a damaged database file, pointing at the latest backup', async () => {
    const dir = temp();
    await seeded(dir);
    const backup = await runToExit(['scripts/backup.ts'], serverEnv(dir));
    expect(backup.code).toBe(0);
    const file = join(dir, 'sbsa.sqlite');
    const size = statSync(file).size;
    const fd = openSync(file, 'r+');
    // scribble over pages in the middle of the file (tables and indexes), leaving the header alone
    for (let at = Math.floor(size * 0.3); at < size * 0.7; at += 16_384)
      writeSync(fd, Buffer.alloc(2048, 0xa5), 0, 2048, at);
    closeSync(fd);
    const run = await refusedStart(dir);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('데이터베이스 파일이 손상되었습니다');
    expect(run.stderr).toContain('npm run restore');
    expect(run.stderr).toMatch(/npm run restore -- sbsa-\d{8}-\d{6}\.sqlite/);
  });

  it('a file that is not a database at all', async () => {
    const dir = temp();
    const fd = openSync(join(dir, 'sbsa.sqlite'), 'w');
    writeSync(fd, Buffer.alloc(8192, 0x41));
    closeSync(fd);
    const run = await refusedStart(dir);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('손상');
  });

  it('a second server on the same data folder', async () => {
    const dir = temp();
    const first = await startServer(dir);
    try {
      const run = await refusedStart(dir);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('다른 프로세스(서버, 백업 복원 또는 데이터 가져오기)가');
      expect(run.stderr).toContain('서버가 실행 중입니다');
      expect(run.stderr).toContain(`pid ${first.proc.pid}`);
    } finally {
      await first.stop();
    }
    expect(readdirSync(dir)).not.toContain('server.pid'); // released on a clean stop
  });

  it('a restore or an import in progress, holding the data folder', async () => {
    for (const [script, running] of [
      ['scripts/restore.ts', '백업 복원이 진행 중입니다'],
      ['scripts/import.ts', '데이터 가져오기가 진행 중입니다'],
    ]) {
      const dir = temp();
      // a named pipe as the input keeps the operation waiting, holding the lock, until the test writes to it
      const input = join(dir, 'incoming');
      execFileSync('mkfifo', [input]);
      const operation = runToExit([script, input], serverEnv(dir));
      const lockFile = join(dir, 'server.pid');
      for (let waited = 0; !existsSync(lockFile); waited += 50) {
        if (waited > 60_000) throw new Error(`${script} never took the lock`);
        await new Promise((r) => setTimeout(r, 50));
      }
      const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as { pid: number };
      const run = await refusedStart(dir);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('다른 프로세스(서버, 백업 복원 또는 데이터 가져오기)가');
      expect(run.stderr).toContain(running);
      expect(run.stderr).toContain(`pid ${lock.pid}`);
      expect(existsSync(join(dir, 'sbsa.sqlite'))).toBe(false);
      // the operation reads garbage, refuses it and lets go of the folder (the pipe may close before all is written)
      await writeFile(input, 'not a backup, not an export').catch(() => {});
      const done = await operation;
      expect(done.code).toBe(1);
      expect(existsSync(lockFile)).toBe(false);
      await seeded(dir);
    }
  });

  it('a lock left by a killed server does not block the next start', async () => {
    const dir = temp();
    const first = await startServer(dir);
    await first.kill();
    expect(readdirSync(dir)).toContain('server.pid');
    const second = await startServer(dir);
    await second.stop();
  });
});

describe('settings at start-up', () => {
  const passwordLine = /비밀번호 \/ password: (\S+)/g;
  const signIn = async (url: string, password: string) =>
    (
      await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@sbsa.kr', password }),
      })
    ).status;
  // no ADMIN_PASSWORD and no demo data: the first start has to make the admin itself
  const firstStart = { ADMIN_PASSWORD: undefined, SEED_DEMO: '0' };

  it('without ADMIN_PASSWORD the first start prints a generated password once, which signs in; the second prints none', async () => {
    const dataDir = temp();
    const first = await startServer(dataDir, firstStart);
    const printed = [...first.output().matchAll(passwordLine)].map((m) => m[1]);
    expect(printed).toHaveLength(1);
    const [password] = printed;
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect(first.output()).toContain('관리자 계정 / admin account: admin@sbsa.kr');
    expect(await (await fetch(`${first.url}/api/health`)).json()).toMatchObject({
      ok: true,
      data: { status: 'ok' },
    });
    expect(await signIn(first.url, password)).toBe(200);
    expect(await signIn(first.url, `${password}x`)).toBe(401);
    await first.stop();
    expect((await first.exited).code).toBe(0);

    const second = await startServer(dataDir, firstStart);
    expect(second.output()).not.toMatch(passwordLine);
    expect(second.output()).not.toContain(password);
    expect(await signIn(second.url, password)).toBe(200);
    await second.stop();
    expect((await second.exited).code).toBe(0);
  });

  it.each([
    ['PORT=abc', { PORT: 'abc' }, 'PORT'],
    ['a JWT_SECRET shorter than 32 characters', { JWT_SECRET: 'short-secret' }, 'JWT_SECRET'],
    ['an ADMIN_EMAIL that is not an email', { ADMIN_EMAIL: 'admin' }, 'ADMIN_EMAIL'],
  ])(
    'a bad setting stops the server with exit code 1 and a message naming it: %s',
    async (_, change, name) => {
      const run = await runToExit([SERVER_ENTRY], serverEnv(temp(), change), 60_000);
      const output = run.stdout + run.stderr;
      expect(run.code).toBe(1);
      expect(output).toContain('환경 변수가 올바르지 않습니다');
      expect(output).toMatch(new RegExp(`^\\s+${name}: `, 'm'));
      expect(output).not.toMatch(/\n\s+at /); // no stack trace
      expect(output).not.toContain('listening');
    },
  );
});
