import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runServer } from '../helpers/server-process.ts';
import type { ServerRun } from '../helpers/server-process.ts';

/** The real server process: first start on an empty data folder, a second start, and bad settings. */

const dirs: string[] = [];
const runs: ServerRun[] = [];
afterAll(async () => {
  for (const run of runs) await run.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function freshDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sbsa-start-'));
  dirs.push(dir);
  return dir;
}

const baseEnv = (dataDir: string) => ({
  DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', BUILD_SITE: '0', SEED_DEMO: '0', LOG_LEVEL: 'info', BACKUP_INTERVAL_HOURS: '0',
});
const passwordLine = /비밀번호 \/ password: (\S+)/g;

async function signIn(url: string, password: string): Promise<number> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@sbsa.kr', password }),
  });
  return res.status;
}

describe('the first start without ADMIN_PASSWORD', () => {
  it('prints a generated admin password once, which signs in; the second start prints none and keeps it', async () => {
    const dataDir = freshDataDir();
    const first = runServer(baseEnv(dataDir));
    runs.push(first);
    const url = await first.url;
    const printed = [...first.output().matchAll(passwordLine)].map((m) => m[1]);
    expect(printed).toHaveLength(1);
    const [password] = printed;
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect(first.output()).toContain('관리자 계정 / admin account: admin@sbsa.kr');

    const health = await (await fetch(`${url}/api/health`)).json();
    expect(health).toMatchObject({ ok: true, data: { status: 'ok' } });
    expect(await signIn(url, password)).toBe(200);
    expect(await signIn(url, `${password}x`)).toBe(401);
    expect(await first.stop()).toBe(0);

    const second = runServer(baseEnv(dataDir));
    runs.push(second);
    const again = await second.url;
    expect(second.output()).not.toMatch(passwordLine);
    expect(second.output()).not.toContain(password);
    expect(await signIn(again, password)).toBe(200);
    expect(await second.stop()).toBe(0);
  }, 120_000);
});

describe('a bad setting', () => {
  it.each([
    ['PORT=abc', { PORT: 'abc' }, 'PORT'],
    ['a JWT_SECRET shorter than 32 characters', { JWT_SECRET: 'short-secret' }, 'JWT_SECRET'],
    ['an ADMIN_EMAIL that is not an email', { ADMIN_EMAIL: 'admin' }, 'ADMIN_EMAIL'],
  ])('stops the server with a non-zero exit and a message naming it: %s', async (_, change, name) => {
    const dataDir = freshDataDir();
    const run = runServer({ ...baseEnv(dataDir), ...change });
    runs.push(run);
    expect(await run.exited).not.toBe(0);
    const output = run.output();
    expect(output).toContain('환경 변수가 올바르지 않습니다');
    expect(output).toMatch(new RegExp(`^\\s+${name}: `, 'm'));
    expect(output).not.toMatch(/\n\s+at /); // no stack trace
    expect(output).not.toContain('listening');
  }, 60_000);
});
