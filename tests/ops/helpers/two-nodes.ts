import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/db/database.ts';
import { openPostgres } from '../../../src/server/db/open-postgres.ts';
import { startPgCluster } from '../../helpers/pg-cluster.ts';
import type { PgCluster } from '../../helpers/pg-cluster.ts';
import type { ChildServer } from './child-server.ts';
import { adminLogin, startServer } from './child-server.ts';

/**
 * Two app nodes on one database (decision 152), on the SQLite file in WAL mode or on one
 * PostgreSQL database of a throw-away cluster (decision 151): each its own DATA_DIR and port, one
 * SHARED_DIR, both with BUILD_SITE=1. Node A starts first and takes the publisher lease; node B
 * serves what A switched live, and takes over when A dies. The same tests for both databases.
 */
export function twoNodeSuite(
  database: 'sqlite' | 'postgres',
  /** tests of this database alone, run while both nodes still run */
  more: (
    nodes: () => {
      a: ChildServer;
      b: ChildServer;
      root: string;
      shared: string;
      /** the nodes' PostgreSQL database; undefined on SQLite */
      databaseUrl: string | undefined;
    },
  ) => void = () => {},
): {
  root(): string;
  shared(): string;
  nodes(): { a: ChildServer; b: ChildServer };
} {
  let root: string;
  let shared: string;
  let a: ChildServer;
  let b: ChildServer;
  let cluster: PgCluster | undefined;
  let databaseUrl: string | undefined;

  const idleMinutes = 0.1; // 6 s

  function nodeEnv(buildSite: boolean): NodeJS.ProcessEnv {
    return {
      SHARED_DIR: shared,
      BUILD_SITE: buildSite ? '1' : '0',
      // no JWT_SECRET: the secret generated into the shared folder signs for both
      JWT_SECRET: undefined,
      TRUST_PROXY: '1',
      ADMIN_IDLE_MINUTES: String(idleMinutes),
      // half the default lease, for margin on a machine busy with other suites; the default's
      // takeover is tested in publisher-lease.test.ts
      PUBLISH_LEASE_SECONDS: '3',
      RENDERER_IDLE_MINUTES: '0',
      LOG_LEVEL: 'info',
      DATABASE_URL: databaseUrl,
    };
  }

  beforeAll(async () => {
    if (database === 'postgres') {
      cluster = await startPgCluster();
      const admin = new pg.Client(cluster.url('postgres'));
      await admin.connect();
      await admin.query('CREATE DATABASE sbsa');
      await admin.end();
      databaseUrl = cluster.url('sbsa');
    }
    root = mkdtempSync(join(tmpdir(), 'sbsa-nodes-'));
    shared = join(root, 'shared');
    // one after the other: the first start migrates and seeds the shared database
    a = await startServer(join(root, 'a'), nodeEnv(true), 600_000);
    b = await startServer(join(root, 'b'), nodeEnv(true));
  }, 660_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
    cluster?.stop();
  });

  /** The demo association's id, read from the nodes' database. */
  async function mainId(): Promise<number> {
    const opened = databaseUrl
      ? openPostgres(databaseUrl)
      : openDatabase(join(shared, 'sbsa.sqlite'), { migrate: false });
    try {
      const main = await opened.db
        .selectFrom('league_main')
        .select('id')
        .where('path', '=', 'sbsa')
        .executeTakeFirstOrThrow();
      return main.id;
    } finally {
      await opened.close();
    }
  }

  async function api(
    node: ChildServer,
    method: string,
    path: string,
    init: { token?: string; body?: unknown; from?: string } = {},
  ) {
    const headers: Record<string, string> = { 'x-forwarded-for': init.from ?? '198.51.100.1' };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(node.url + path, {
      method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      body: (await res.json()) as { data?: Record<string, unknown>; message?: string },
    };
  }

  async function signIn(node: ChildServer, from: string) {
    const res = await api(node, 'POST', '/api/auth/login', { body: adminLogin, from });
    expect(res.status).toBe(200);
    return res.body.data as { access_token: string; refresh_token: string; user_id: number };
  }

  const dashboard = (node: ChildServer, token: string) =>
    api(node, 'GET', '/api/admin/dashboard', { token });

  describe('sign-in state on two nodes of one database', () => {
    it('takes on one node the token the other signed, and a sign-out on A ends it on B at once', async () => {
      const session = await signIn(a, '198.51.100.10');
      expect((await dashboard(b, session.access_token)).status).toBe(200);
      const out = await api(a, 'POST', '/api/auth/logout', {
        body: { refreshToken: session.refresh_token, userId: session.user_id },
      });
      expect(out.body.data).toEqual({ revoked: true });
      const after = await dashboard(b, session.access_token);
      expect(after.status).toBe(401);
      expect(after.body.message).toBe('로그인이 만료되었습니다. 다시 로그인해 주세요.');
      const refreshed = await api(b, 'POST', '/api/auth/refresh', {
        body: { refreshToken: session.refresh_token, userId: session.user_id },
      });
      expect(refreshed.status).toBe(401);
    });

    it('counts failed sign-ins of both nodes together: five wrong on A, the sixth on B waits', async () => {
      const from = '203.0.113.66';
      const wrong = (node: ChildServer) =>
        api(node, 'POST', '/api/auth/login', {
          body: { email: 'league2@sbsa.kr', password: 'not-the-password' },
          from,
        });
      for (let i = 0; i < 4; i++) expect((await wrong(a)).status).toBe(401);
      // the fourth failure's wait of a second, then the fifth
      await sleep(1100);
      expect((await wrong(a)).status).toBe(401);
      const sixth = await api(b, 'POST', '/api/auth/login', {
        body: { email: 'league2@sbsa.kr', password: 'demo-password-1' },
        from,
      });
      expect(sixth.status).toBe(429);
      expect(sixth.retryAfter).toBe('2');
      expect(sixth.body.message).toBe('로그인 시도가 너무 많습니다. 2초 뒤에 다시 시도해 주세요.');
    });

    it('keeps a sign-in used on A alive on B, and ends on B one left idle on A', async () => {
      const session = await signIn(a, '198.51.100.11');
      const idleMs = idleMinutes * 60_000;
      await sleep(idleMs * 0.6);
      expect((await dashboard(a, session.access_token)).status).toBe(200);
      await sleep(idleMs * 0.6);
      // longer than the limit since the sign-in, not since its use on A
      expect((await dashboard(b, session.access_token)).status).toBe(200);
      await sleep(idleMs + 500);
      const idle = await dashboard(b, session.access_token);
      expect(idle.status).toBe(401);
      const refreshed = await api(b, 'POST', '/api/auth/refresh', {
        body: { refreshToken: session.refresh_token, userId: session.user_id },
      });
      expect(refreshed.status).toBe(401);
      expect(refreshed.body.message).toBe(
        '오랫동안 사용하지 않아 로그아웃되었습니다. 다시 로그인해 주세요.',
      );
      // and on A too, where it was used
      expect((await dashboard(a, session.access_token)).status).toBe(401);
    }, 60_000);
  });

  /** The build a node answers /sbsa with (X-Build), or null before any. */
  async function buildOf(node: ChildServer): Promise<string | null> {
    const res = await fetch(`${node.url}/sbsa`, { method: 'HEAD' });
    return res.status === 200 ? res.headers.get('x-build') : null;
  }

  /** A node's /api/ready: its status and what it says of the build it serves. */
  async function readiness(node: ChildServer) {
    const res = await fetch(`${node.url}/api/ready`);
    const body = (await res.json()) as { data?: { build: string | null; publishes: boolean } };
    return { status: res.status, build: body.data?.build ?? null, publishes: body.data?.publishes };
  }

  more(() => ({ a, b, root, shared, databaseUrl }));

  describe('the public site on two nodes, one publishing', () => {
    it('is served by B from the shared folder, and a build A switches live is on B within 2 s', async () => {
      // A's first build of the site, which starts with A
      await expect
        .poll(async () => (await fetch(`${a.url}/api/ready`)).status, {
          timeout: 300_000,
          interval: 500,
        })
        .toBe(200);
      const first = await buildOf(a);
      expect(first).not.toBeNull();
      await expect.poll(() => buildOf(b), { timeout: 2000, interval: 20 }).toBe(first);
      // B is ready as soon as it serves A's build, while A holds the publisher lease
      await expect
        .poll(() => readiness(b), { timeout: 2000, interval: 20 })
        .toEqual({ status: 200, build: first, publishes: false });
      expect(await readiness(a)).toEqual({ status: 200, build: first, publishes: true });

      const token = (await signIn(a, '198.51.100.12')).access_token;
      const main = { id: await mainId() };
      const title = `두 노드 공지 ${Date.now()}`;
      const saved = await api(a, 'POST', `/api/league/main/${main.id}/notice`, {
        token,
        body: { title, body: '한 노드에서 저장하고 다른 노드에서 봅니다.', pinned: true },
      });
      expect(saved.status).toBe(201);

      // both nodes watched side by side: when each first answers with the build A switched to
      let onA: { build: string; at: number } | null = null;
      let onB: { build: string; at: number } | null = null;
      const deadline = Date.now() + 120_000;
      while (Date.now() < deadline && !(onA && onB?.build === onA.build)) {
        const [x, y] = await Promise.all([buildOf(a), buildOf(b)]);
        const now = Date.now();
        if (x !== first && (!onA || onA.build !== x)) onA = { build: x!, at: now };
        if (onA && y === onA.build && !onB) onB = { build: y, at: now };
        await sleep(20);
      }
      expect(onA).not.toBeNull();
      expect(onB?.build).toBe(onA!.build);
      const lagMs = onB!.at - onA!.at;
      process.stdout.write(
        `several-nodes (${database}): B served A's new build ${lagMs} ms after A\n`,
      );
      expect(lagMs).toBeLessThan(2000);
      const page = await fetch(`${b.url}/sbsa/notice`);
      expect(page.headers.get('x-build')).toBe(onA!.build);
      expect(await readiness(b)).toEqual({ status: 200, build: onA!.build, publishes: false });
      expect(await page.text()).toContain(title);
    }, 480_000);
  });

  /** Polls a node's notice list until it shows `title`; the milliseconds it took from `since`. */
  async function noticeShown(node: ChildServer, title: string, since: number, timeout: number) {
    await expect
      .poll(
        async () => {
          const res = await fetch(`${node.url}/sbsa/notice`).catch(() => null);
          return res?.status === 200 ? (await res.text()).includes(title) : false;
        },
        { timeout, interval: 50 },
      )
      .toBe(true);
    return Date.now() - since;
  }

  async function saveNotice(node: ChildServer, token: string, title: string) {
    const main = { id: await mainId() };
    const saved = await api(node, 'POST', `/api/league/main/${main.id}/notice`, {
      token,
      body: { title, body: '노드를 가리지 않고 저장한 공지입니다.', pinned: true },
    });
    expect(saved.status).toBe(201);
  }

  describe('writes on any node, and the publisher taken over', () => {
    it('publishes on A a notice saved on B, read from the change record', async () => {
      const token = (await signIn(b, '198.51.100.21')).access_token;
      const title = `B에서 저장한 공지 ${Date.now()}`;
      const since = Date.now();
      await saveNotice(b, token, title);
      const ms = await noticeShown(a, title, since, 60_000);
      process.stdout.write(
        `several-nodes (${database}): a notice saved on B was on A's page ${ms} ms later\n`,
      );
      await noticeShown(b, title, since, 2000);
    }, 120_000);

    it('publishes on A every page when an admin asks for it on B', async () => {
      const token = (await signIn(b, '198.51.100.24')).access_token;
      const asked = await api(b, 'POST', '/api/publish/rebuild', { token });
      expect(asked.status).toBe(200);
      // the run A made for it, as any node's status shows it
      await expect
        .poll(
          async () => {
            const status = await api(b, 'GET', '/api/publish/status', { token });
            const runs = (status.body.data?.runs ?? []) as { reason: string; status: string }[];
            return runs.some(
              (r) => r.reason === `관리자 요청 (${adminLogin.email})` && r.status === 'success',
            );
          },
          { timeout: 120_000, interval: 250 },
        )
        .toBe(true);
    }, 180_000);

    it('rolls back on A, the publishing node, when an admin asks for it on B', async () => {
      const token = (await signIn(b, '198.51.100.25')).access_token;
      const before = await buildOf(a);
      const rolled = await api(b, 'POST', '/api/publish/rollback', { token });
      expect(rolled.status, JSON.stringify(rolled.body)).toBe(200);
      const live = rolled.body.data?.live as string;
      expect(live).toMatch(/^\d{14}-[0-9a-f]{6}$/);
      expect(live).not.toBe(before);
      await expect.poll(() => buildOf(a), { timeout: 2000, interval: 20 }).toBe(live);
      await expect.poll(() => buildOf(b), { timeout: 2000, interval: 20 }).toBe(live);
      // and forward again
      const forward = await api(b, 'POST', '/api/publish/rollback', { token });
      expect(forward.body.data?.live).toBe(before);
    }, 60_000);

    it('loses nothing when A is killed right after answering a save: B takes over and publishes it and the next save', async () => {
      // A done with the brotli of the whole build the rebuild above made: B would otherwise take
      // that work over with the lease, and this measures the takeover of a save
      const watching = (await signIn(a, '198.51.100.26')).access_token;
      await expect
        .poll(
          async () =>
            (await api(a, 'GET', '/api/publish/status', { token: watching })).body.data
              ?.compressing,
          // a machine busy with the other lane's suites compresses at half the pace or less
          { timeout: 300_000, interval: 500 },
        )
        .toBe(0);
      // signed in now: a sign-in idle for ADMIN_IDLE_MINUTES meanwhile would have ended
      const onA = (await signIn(a, '198.51.100.22')).access_token;
      const onB = (await signIn(b, '198.51.100.23')).access_token;
      const before = `A가 저장하고 멈춘 공지 ${Date.now()}`;
      await saveNotice(a, onA, before);
      expect((await readiness(a)).publishes).toBe(true);
      expect((await readiness(b)).publishes).toBe(false);
      // B's readiness, every 100 ms from before the kill until B has published: never a 503
      const bReady: number[] = [];
      let polling = true;
      const watch = (async () => {
        while (polling) {
          bReady.push((await readiness(b)).status);
          await sleep(100);
        }
      })();
      // killed before its publish of that save could switch the site
      await a.kill();
      const killedAt = Date.now();
      const after = `A가 멈춘 뒤 B에 저장한 공지 ${Date.now()}`;
      await saveNotice(b, onB, after);
      const ms = await noticeShown(b, after, killedAt, 15_000).catch((err) => {
        // what B did meanwhile, to see which step took the time
        process.stdout.write(`node B's log:\n${b.output().slice(-6000)}\n`);
        throw err;
      });
      process.stdout.write(
        `several-nodes (${database}): B published a save ${ms} ms after A was killed\n`,
      );
      await noticeShown(b, before, killedAt, 1000);
      polling = false;
      await watch;
      expect(bReady.length).toBeGreaterThan(5);
      expect(bReady.filter((s) => s !== 200)).toEqual([]);
      const served = await buildOf(b);
      expect(await readiness(b)).toEqual({ status: 200, build: served, publishes: true });

      // A again, now the second node: ready at once with the build B publishes
      a = await startServer(join(root, 'a'), nodeEnv(true));
      await expect
        .poll(() => readiness(a), { timeout: 5000, interval: 50 })
        .toEqual({ status: 200, build: served, publishes: false });
    }, 420_000);
  });

  return { root: () => root, shared: () => shared, nodes: () => ({ a, b }) };
}
