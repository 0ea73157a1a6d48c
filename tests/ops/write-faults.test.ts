import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { adminLogin, startServer } from './helpers/child-server.ts';
import type { ChildServer } from './helpers/child-server.ts';
import { call, login } from './helpers/http.ts';
import { canChattr, canMount, chattr, fillDisk, mountTmpfs } from './helpers/mounts.ts';

const mountable = canMount();
const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => { for (const c of cleanups.splice(0).reverse()) await c(); });

const noticeCount = (dbFile: string, title: string) => {
  const db = new DatabaseSync(dbFile);
  try { return Number(db.prepare('SELECT count(*) AS n FROM notices WHERE title = ?').get(title)!.n); } finally { db.close(); }
};
const integrity = (dbFile: string) => {
  const db = new DatabaseSync(dbFile);
  try { return String(db.prepare('PRAGMA integrity_check').get()!.integrity_check); } finally { db.close(); }
};

/** Writes notices until one is refused; every refusal must be the clear Korean 507, never a 500 with details. */
async function writeUntilRefused(server: ChildServer, token: string, tag: string, max = 400) {
  const acked: string[] = [];
  for (let i = 0; i < max; i++) {
    const title = `${tag}-${i}`;
    const res = await call(server.url, 'POST', '/api/league/main/1/notice', { token, body: { title, body: '가'.repeat(20_000) } });
    if (res.status === 201) { acked.push(title); continue; }
    return { refused: res, acked };
  }
  return { refused: null, acked };
}

describe('a write that hits a full disk or a read-only data folder', () => {
  it.skipIf(!mountable)('disk fills up (tmpfs): 507 with a Korean message, the database intact, writes resume once space is back', async () => {
    const fs = mountTmpfs(64);
    cleanups.push(() => fs.unmount());
    const server = await startServer(fs.dir);
    cleanups.push(() => server.stop());
    const token = await login(server.url, adminLogin);
    const filler = fillDisk(fs.dir);

    const { refused, acked } = await writeUntilRefused(server, token, 'full');
    expect(refused, 'some write must fail on a full disk').not.toBeNull();
    expect(refused!.status, server.output().split('\n').filter((l) => /error/.test(l)).slice(-3).join('\n')).toBe(507);
    expect(refused!.body).toEqual({ ok: false, message: expect.stringMatching(/저장 공간/) });
    expect(JSON.stringify(refused!.body)).not.toMatch(/SQLITE|at .*\.ts|stack/i);
    // reads keep working
    expect((await call(server.url, 'GET', '/api/league/main/1/notice?limit=1')).status).toBe(200);

    rmSync(filler);
    const after = await call(server.url, 'POST', '/api/league/main/1/notice', { token, body: { title: 'full-after' } });
    expect(after.status).toBe(201);
    await server.stop();
    const dbFile = join(fs.dir, 'sbsa.sqlite');
    expect(integrity(dbFile)).toBe('ok');
    for (const title of [...acked, 'full-after']) expect(noticeCount(dbFile, title), title).toBe(1);
    console.info(`[faults] disk full: ${acked.length} writes acknowledged before the disk filled, then 507 "${refused!.body.message}"`);
  });

  it('data folder turns read-only under a running server (chattr +i): 507, the database intact', async (ctx) => {
    // /tmp is ext4 here; the flag works where tmpfs would ignore it.
    const dir = mkdtempSync(join(tmpdir(), 'sbsa-readonly-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    if (!canChattr(dir)) ctx.skip();
    const server = await startServer(dir);
    cleanups.push(() => server.stop());
    const token = await login(server.url, adminLogin);
    const ok1 = await call(server.url, 'POST', '/api/league/main/1/notice', { token, body: { title: 'ro-before' } });
    expect(ok1.status).toBe(201);

    const files = ['sbsa.sqlite', 'sbsa.sqlite-wal', '.'].map((f) => join(dir, f)).filter((f) => existsSync(f));
    chattr('+i', ...files);
    let unlocked = false;
    const unlock = () => { if (!unlocked) { chattr('-i', ...files); unlocked = true; } };
    cleanups.push(unlock);

    const refused = await call(server.url, 'POST', '/api/league/main/1/notice', { token, body: { title: 'ro-refused', body: '가'.repeat(20_000) } });
    expect(refused.status, server.output().split('\n').filter((l) => /error/.test(l)).slice(-3).join('\n')).toBe(507);
    expect(refused.body).toEqual({ ok: false, message: expect.stringMatching(/저장 공간|쓸 수 없/) });
    expect((await call(server.url, 'GET', '/api/league/main/1/notice?limit=1')).status).toBe(200);

    unlock();
    const ok2 = await call(server.url, 'POST', '/api/league/main/1/notice', { token, body: { title: 'ro-after' } });
    expect(ok2.status).toBe(201);
    await server.stop();
    const dbFile = join(dir, 'sbsa.sqlite');
    expect(integrity(dbFile)).toBe('ok');
    expect(noticeCount(dbFile, 'ro-before')).toBe(1);
    expect(noticeCount(dbFile, 'ro-refused')).toBe(0);
    expect(noticeCount(dbFile, 'ro-after')).toBe(1);
    console.info(`[faults] read-only: 507 "${refused.body.message}"`);
  });
});
