import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { Hono } from 'hono';
import pg from 'pg';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ReadCache, readCache, readCacheFastPath } from '../../src/server/http/read-cache.ts';
import { nodeListener } from '../../src/server/publish/serve-site.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

const names = async (token?: string) =>
  ((await t.api('GET', '/api/teams', { token })).body.data.items as { name: string }[])
    .map((x) => x.name)
    .sort();

/** Runs a statement on a connection of its own to the app's database (another node's, say). */
async function onAnotherConnection(statement: string): Promise<void> {
  if (t.databaseUrl) {
    const other = new pg.Client(t.databaseUrl);
    await other.connect();
    await other.query(statement);
    await other.end();
    return;
  }
  const other = new DatabaseSync(join(t.dir, 'sbsa.sqlite'));
  other.prepare(statement).run();
  other.close();
}

describe('anonymous API reads kept in memory', () => {
  it('show a write through the API at once', async () => {
    expect(await names()).toEqual([]);
    expect(
      (
        await t.api('POST', '/api/teams', {
          token: admin,
          body: { name: '서울 블루윙즈', shortName: '블루윙즈', homeRegion: '서울', founded: 2010 },
        })
      ).status,
    ).toBe(201);
    expect(await names()).toEqual(['서울 블루윙즈']);
  });

  it('show a change made past the API, on the same connection and on another one', async () => {
    await names();
    await t.db
      .insertInto('teams')
      .values({
        main_id: t.main.id,
        name: '부산 갈매기',
        short_name: '갈매기',
        home_region: '부산',
        founded: 2001,
      })
      .execute();
    expect(await names()).toEqual(['부산 갈매기', '서울 블루윙즈']);
    await onAnotherConnection("UPDATE teams SET name = '부산 자이언츠' WHERE name = '부산 갈매기'");
    expect(await names()).toEqual(['부산 자이언츠', '서울 블루윙즈']);
  });

  it('keep each query string apart and leave signed-in reads alone', async () => {
    const all = await t.api('GET', '/api/teams');
    const filtered = await t.api('GET', '/api/teams?q=%EB%B6%80%EC%82%B0');
    expect(all.status).toBe(200);
    expect(filtered.body.data.items.map((x: { name: string }) => x.name)).toEqual([
      '부산 자이언츠',
    ]);
    expect(all.body.data.items).toHaveLength(2);
    expect(all.headers.get('cache-control')).toBe('no-store');
    expect((await t.api('GET', '/api/teams', { token: admin })).status).toBe(200);
    expect(await names(admin)).toEqual(await names());
  });
});

describe("ReadCache on the app's database", () => {
  let made = 0;
  const cache = () => new ReadCache(t.sqliteIfAny, { postgres: t.db });
  const appWith = (kept: ReadCache) => {
    const app = new Hono();
    app.use('/api/*', readCache(kept));
    app.get('/api/count', async (c) => {
      const row = await t.db
        .selectFrom('divisions')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return c.json({ made: ++made, divisions: Number(row.n) });
    });
    return app;
  };

  it('keeps an answer until a write of this server or of another connection, then makes it again', async () => {
    const app = appWith(cache());
    const get = async () => (await app.request('/api/count')).json();
    await get();
    const kept = await get();
    expect(await get()).toEqual(kept);
    await t.db.insertInto('divisions').values({ main_id: t.main.id, name: '1부' }).execute();
    const afterOwn = await get();
    expect(afterOwn).toEqual({ made: kept.made + 1, divisions: kept.divisions + 1 });
    expect(await get()).toEqual(afterOwn);
    await onAnotherConnection(`INSERT INTO divisions (main_id, name) VALUES (${t.main.id}, '2부')`);
    const afterOther = await get();
    expect(afterOther).toEqual({ made: afterOwn.made + 1, divisions: afterOwn.divisions + 1 });
    expect(await get()).toEqual(afterOther);
  });

  it('serves requests that arrive together from the kept answer', async () => {
    const app = appWith(cache());
    await app.request('/api/count');
    await app.request('/api/count');
    const before = made;
    const answers = await Promise.all(
      Array.from({ length: 20 }, async () => (await app.request('/api/count')).json()),
    );
    expect(made).toBe(before);
    expect(new Set(answers.map((a) => a.made)).size).toBe(1);
  });
});

describe('ReadCache', () => {
  const sqlite = new DatabaseSync(':memory:');
  sqlite.exec('CREATE TABLE t (x INTEGER)');
  let made = 0;
  const cache = new ReadCache(sqlite, { maxEntries: 2 });
  const app = new Hono();
  app.use('/api/*', readCache(cache));
  app.get('/api/n', (c) =>
    c.json({
      made: ++made,
      rows: (sqlite.prepare('SELECT count(*) AS n FROM t').get() as { n: number }).n,
    }),
  );
  app.get('/api/fail', (c) => c.json({ made: ++made }, 404));
  const get = async (path: string, headers: Record<string, string> = {}) =>
    (await app.request(path, { headers })).json();

  it('keeps an answer from its second ask, until a row changes; a stale one at once', async () => {
    const first = await get('/api/n');
    const second = await get('/api/n'); // asked once before: made again, and kept
    expect(second).toEqual({ made: first.made + 1, rows: 0 });
    expect(await get('/api/n')).toEqual(second);
    sqlite.prepare('INSERT INTO t VALUES (1)').run();
    const after = await get('/api/n'); // it was kept: the new answer is kept at once
    expect(after).toEqual({ made: second.made + 1, rows: 1 });
    expect(await get('/api/n')).toEqual(after);
  });

  it('never keeps errors or signed-in answers, and forgets the least recently used', async () => {
    const m = made;
    await get('/api/fail');
    await get('/api/fail');
    await get('/api/fail');
    await get('/api/n', { authorization: 'Bearer x' });
    await get('/api/n', { authorization: 'Bearer x' });
    expect(made).toBe(m + 5);
    for (const q of ['a', 'b', 'c']) {
      await get(`/api/n?${q}`);
      await get(`/api/n?${q}`); // kept; ?c drops ?a: two entries at most
    }
    const before = made;
    await get('/api/n?c');
    await get('/api/n?a');
    expect(made).toBe(before + 1);
  });

  it('keeps nothing of a crawl that asks for each answer once', async () => {
    await get('/api/n?hot');
    const hot = await get('/api/n?hot');
    for (let i = 0; i < 10; i++) await get(`/api/n?page=${i}`);
    expect(await get('/api/n?hot')).toEqual(hot); // two entries at most, and still kept
    const before = made;
    await get('/api/n?page=9');
    expect(made).toBe(before + 1); // made again on its second ask
  });

  it('keeps nothing made during an open transaction', async () => {
    sqlite.exec('BEGIN');
    const m = made;
    await get('/api/n?tx');
    await get('/api/n?tx');
    sqlite.exec('ROLLBACK');
    expect(made).toBe(m + 2);
  });
});

describe('ReadCache bytes', () => {
  it('counts the compressed variants of a kept answer, and lets older answers go for them', () => {
    const sqlite = new DatabaseSync(':memory:');
    const cache = new ReadCache(sqlite, { maxBytes: 64 * 1024 });
    // 3 KB of JSON that compresses poorly: each variant adds about as much again
    const answer = (seed: number) => {
      const body = Buffer.from(
        JSON.stringify(Array.from({ length: 300 }, (_, i) => (i * 7919 + seed) ** 3 % 99991)),
      );
      return {
        version: cache.version()!,
        body: body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer,
        headers: [],
        nodeHeaders: {},
        nodeBody: body,
      };
    };
    const a = answer(1);
    cache.set('/api/a', a);
    expect(cache.bytes).toBe(a.body.byteLength);
    // as the fast path does: the answer as kept now, then its variant
    const kept = () => cache.get('/api/a', cache.version()!)!;
    const br = cache.encoded('/api/a', kept(), 'br');
    const gzip = cache.encoded('/api/a', kept(), 'gzip');
    expect(cache.encoded('/api/a', kept(), 'br')).toBe(br); // made once
    expect(cache.bytes).toBe(a.body.byteLength + br.length + gzip.length);
    // fill the cache with answers and their variants: the bound holds, the oldest go first
    for (let i = 2; i < 40; i++) {
      const next = answer(i);
      cache.set(`/api/${i}`, next);
      cache.encoded(`/api/${i}`, next, 'br');
      cache.encoded(`/api/${i}`, cache.get(`/api/${i}`, cache.version()!)!, 'gzip');
      expect(cache.bytes).toBeLessThanOrEqual(64 * 1024);
    }
    expect(cache.get('/api/a', cache.version()!)).toBeUndefined();
    expect(cache.get('/api/39', cache.version()!)).toBeDefined();
  });
});

describe('readCacheFastPath', () => {
  const sqlite = new DatabaseSync(':memory:');
  sqlite.exec('CREATE TABLE t (x INTEGER)');
  let made = 0;
  const cache = new ReadCache(sqlite);
  const app = new Hono();
  app.use('/api/*', readCache(cache));
  app.use('/api/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  app.get('/api/n', (c) =>
    c.json({
      made: ++made,
      rows: (sqlite.prepare('SELECT count(*) AS n FROM t').get() as { n: number }).n,
    }),
  );
  let fastAnswered = 0;
  const fast = readCacheFastPath(cache);
  const server = createServer(
    nodeListener(app.fetch, [(req, res) => fast(req, res) && ++fastAnswered > 0]),
  );
  let origin = '';
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('sends a kept answer without the app, as the app sent it', async () => {
    await fetch(`${origin}/api/n?x=1`); // kept from its second ask
    const first = await fetch(`${origin}/api/n?x=1`);
    const firstBody = await first.json();
    expect(fastAnswered).toBe(0);
    const second = await fetch(`${origin}/api/n?x=1`);
    expect(fastAnswered).toBe(1);
    expect(await second.json()).toEqual(firstBody);
    expect(second.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(second.headers.get('cache-control')).toBe('no-store');
  });

  it('leaves signed-in requests and changed data to the app, and keeps the new answer at once', async () => {
    const before = { fast: fastAnswered, made };
    await fetch(`${origin}/api/n?x=1`, { headers: { authorization: 'Bearer x' } });
    sqlite.prepare('INSERT INTO t VALUES (1)').run();
    const changed = await (await fetch(`${origin}/api/n?x=1`)).json();
    expect(changed).toEqual({ made: before.made + 2, rows: 1 });
    expect(fastAnswered).toBe(before.fast);
    // the stale answer was kept: the one made in its place is kept on its first ask
    expect(await (await fetch(`${origin}/api/n?x=1`)).json()).toEqual(changed);
    expect(fastAnswered).toBe(before.fast + 1);
  });
});
