import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { accessLogged } from '../../src/server/http/access-log.ts';
import { ReadCache, readCacheFastPath } from '../../src/server/http/read-cache.ts';
import { log } from '../../src/server/logger.ts';
import { metrics, registry } from '../../src/server/metrics.ts';
import { Publisher } from '../../src/server/publish/publisher.ts';
import { nodeListener, siteFastPath } from '../../src/server/publish/serve-site.ts';
import { seedDemo } from '../../src/server/db/seed/demo-seed.ts';
import { adminCredentials, createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';

const METRICS_TOKEN = 'metrics-token-for-tests-0123';

let t: TestApp;
let server: Server;
let origin: string;
let publisher: Publisher;
let releaseBuild: () => void;
/**
 * Failed publishes counted before this file's: the unit tests share a worker's modules
 * (vitest.config.ts, `isolate: false`), and the registry counts for the whole process.
 */
let failuresBefore: number;
const publishFailures = (text: string) =>
  Number(/^site_publish_failures_total (\d+)$/m.exec(text)?.[1]);
/** access-log lines written while the tests ran */
const lines: Record<string, unknown>[] = [];
const stdoutWrite = process.stdout.write;

beforeAll(async () => {
  t = await createTestApp({ seed: seedDemo, env: { METRICS_TOKEN } });
  failuresBefore = publishFailures(await registry.metrics());
  // a publisher whose first build waits for the test: the server's first start, slowed down
  const buildMayEnd = new Promise<void>((resolve) => {
    releaseBuild = resolve;
  });
  publisher = new Publisher({
    db: t.db,
    dataDir: t.dir,
    dbFile: t.databaseUrl ?? join(t.dir, 'sbsa.sqlite'),
    retryDelaysMs: [],
    dailyRebuild: false,
    build: async (outDir) => {
      await buildMayEnd;
      mkdirSync(join(outDir, 'sbsa'), { recursive: true });
      writeFileSync(join(outDir, 'index.html'), '<p>home</p>');
      writeFileSync(
        join(outDir, 'sbsa', 'index.html'),
        `<h1>리그 메인</h1>${'<p>경기</p>'.repeat(300)}`,
      );
    },
  });
  await publisher.start();
  const readCache = new ReadCache(t.sqliteIfAny, { postgres: t.db });
  const app = createApp(
    {
      db: t.db,
      sqlite: t.sqliteIfAny,
      config: t.config,
      readCache,
      publisher,
    },
    {},
  );
  // the server's own arrangement (src/server/index.ts)
  server = createServer(
    accessLogged((r) => metrics.request(r.method, r.route, r.status, r.durationMs / 1000)),
    nodeListener(app.fetch, [siteFastPath(() => publisher.site), readCacheFastPath(readCache)]),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  log.level = 'info';
  process.stdout.write = ((chunk: unknown, ...rest: unknown[]) => {
    for (const line of String(chunk).split('\n')) {
      if (line.startsWith('{')) lines.push(JSON.parse(line));
    }
    const done = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    done?.();
    return true;
  }) as typeof process.stdout.write;
});

afterEach(() => {
  lines.length = 0;
});

afterAll(async () => {
  process.stdout.write = stdoutWrite;
  log.level = 'silent';
  releaseBuild();
  await publisher.stop();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

/** node's fetch decompresses; these tests look at the bytes as sent, so they use raw requests. */
async function raw(path: string, headers: Record<string, string> = {}, method = 'GET') {
  const res = await fetch(origin + path, {
    method,
    headers: { 'accept-encoding': 'identity', ...headers },
  });
  return res;
}

async function get(path: string, headers: Record<string, string> = {}) {
  const { request } = await import('node:http');
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    const req = request(origin + path, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const accessLines = () => lines.filter((l) => l.msg === 'request');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('readiness', () => {
  it('answers 503 until the first site build is live, then 200, while /api/health says 200 throughout', async () => {
    const before = await raw('/api/ready');
    expect(before.status).toBe(503);
    expect(before.headers.get('retry-after')).toBe('5');
    expect(await before.json()).toEqual({
      ok: false,
      message: '첫 공개 사이트 빌드가 아직 끝나지 않았습니다. 잠시 후 다시 확인해 주세요.',
    });
    expect((await raw('/api/health')).status).toBe(200);

    releaseBuild();
    await publisher.whenIdle();
    const after = await raw('/api/ready');
    expect(after.status).toBe(200);
    expect(await after.json()).toEqual({
      ok: true,
      data: { status: 'ready', site: 'live', build: publisher.site!.id, publishes: true },
    });
  });

  it('is ready with its database alone on a server that builds no site', async () => {
    const res = await t.api('GET', '/api/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      data: { status: 'ready', site: 'off', build: null, publishes: false },
    });
  });
});

describe('request id and access log', () => {
  it('generates an id, returns it and logs one line with method, path, status, duration, bytes and the id', async () => {
    const res = await get(`/api/league/main/${t.main.id}/season?secret=1`);
    const id = res.headers['x-request-id'] as string;
    expect(id).toMatch(UUID);
    await new Promise((r) => setTimeout(r, 20));
    const entries = accessLines();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      level: 'info',
      reqId: id,
      method: 'GET',
      path: `/api/league/main/${t.main.id}/season`,
      status: res.status,
      bytes: res.body.length,
    });
    expect(entries[0].ms).toEqual(expect.any(Number));
  });

  it('keeps a well-formed id from the client and replaces a malformed one', async () => {
    const kept = await get('/api/health', { 'x-request-id': 'lb-7f3a.2026:11' });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.2026:11');
    for (const bad of ['has space', 'x'.repeat(129), '<script>', '"quoted"']) {
      const res = await get('/api/health', { 'x-request-id': bad });
      expect(res.headers['x-request-id'], bad).toMatch(UUID);
    }
    await new Promise((r) => setTimeout(r, 20));
    expect(accessLines().map((l) => l.reqId)[0]).toBe('lb-7f3a.2026:11');
  });

  it('puts the id on every answer: the static site, a kept API answer, a 404 and an error', async () => {
    await publisher.whenIdle();
    const notices = `/api/league/main/${t.main.id}/notice`;
    await get(notices); // kept for the fast path
    for (const path of ['/sbsa', notices, '/api/nothing-here', '/no-such-page']) {
      const res = await get(path, { 'x-request-id': `check-${path.length}` });
      expect(res.headers['x-request-id'], path).toBe(`check-${path.length}`);
    }
    const bad = await get('/api/auth/login', {});
    expect(bad.headers['x-request-id']).toMatch(UUID);
  });
});

describe('compression', () => {
  const big = () => `/api/league/main/${t.main.id}/notice`;

  it('sends large JSON as brotli or gzip as Accept-Encoding and its q-values ask', async () => {
    const plain = await get(big(), { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await get(big(), { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body)).toEqual(plain.body);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);

    const gz = await get(big(), { 'accept-encoding': 'gzip;q=1, br;q=0.5' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body)).toEqual(plain.body);

    const none = await get(big(), { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toEqual(plain.body);
  });

  it('compresses the same way through the app (signed in, never kept) as from the kept answers', async () => {
    const token = await t.adminToken();
    const res = await get(big(), {
      authorization: `Bearer ${token}`,
      'accept-encoding': 'br;q=0.1, gzip;q=0.9',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.body).toString()).ok).toBe(true);
  });

  it('leaves a tiny answer uncompressed', async () => {
    const res = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString()).ok).toBe(true);
  });

  it('honours q-values on the site too', async () => {
    await publisher.whenIdle();
    const br = await get('/sbsa', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    // the store keeps no gzip variant: made on the first ask, the same answer on the next
    const gz = await get('/sbsa', { 'accept-encoding': 'br;q=0.2, gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toContain('리그 메인');
    // its own ETag: a cache keeping both forms must not take one for the other
    expect(gz.headers.etag).toBe(String(br.headers.etag).replace(/-br"$/, '-gzip"'));
    expect(gz.headers.etag).not.toBe(br.headers.etag);
    const again = await get('/sbsa', { 'accept-encoding': 'gzip' });
    expect(again.headers['content-encoding']).toBe('gzip');
    expect(Number(again.headers['content-length'])).toBe(again.body.length);
    expect(gunzipSync(again.body).toString()).toBe(gunzipSync(gz.body).toString());
    const refused = await get('/sbsa', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.toString()).toContain('리그 메인');
  });
});

describe('metrics', () => {
  it('answers only with the token', async () => {
    expect((await raw('/api/metrics')).status).toBe(401);
    expect(
      (await raw('/api/metrics', { authorization: 'Bearer wrong-token-000000000' })).status,
    ).toBe(401);
    const res = await raw('/api/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  });

  it('counts requests by route and status, builds, and failed logins', async () => {
    await publisher.whenIdle();
    await raw(`/api/league/main/${t.main.id}/season`);
    const failed = await raw('/api/auth/login', { 'content-type': 'application/json' }, 'POST');
    expect(failed.status).toBe(400);
    await fetch(`${origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: adminCredentials.email, password: 'wrong-password-1' }),
    });
    const text = await (
      await raw('/api/metrics', { authorization: `Bearer ${METRICS_TOKEN}` })
    ).text();
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="\/api\/league\/main\/:mainId\/season",status="200"\} [1-9]/m,
    );
    expect(text).toMatch(/^site_build_duration_seconds_count [1-9]/m);
    expect(text).toMatch(/^site_build_pages 2$/m);
    expect(text).toMatch(/^login_failures_total [1-9]/m);
    // this file's builds all succeeded
    expect(publishFailures(text)).toBe(failuresBefore);
  });

  it('is off without METRICS_TOKEN', async () => {
    const other = await createTestApp();
    try {
      const res = await other.api('GET', '/api/metrics', {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(res.status).toBe(404);
    } finally {
      await other.close();
    }
  });
});
