import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { compressBuild } from './compress-build.ts';
import { loadSite, siteFromManifest } from './static-site.ts';
import { SiteStore } from './site-store.ts';
import { FileCache } from './file-cache.ts';
import type { LoadedSite } from './static-site.ts';
import { createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { serveSite, siteFastPath } from './serve-site.ts';

let dir: string;
let site: LoadedSite | null = null;
const app = new Hono();
app.all(
  '*',
  serveSite(() => site),
);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sbsa-site-'));
  mkdirSync(join(dir, 'sbsa', 'notice'), { recursive: true });
  mkdirSync(join(dir, '_astro'), { recursive: true });
  mkdirSync(join(dir, 'admin'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<meta http-equiv="refresh" content="0;url=/sbsa">');
  writeFileSync(join(dir, 'sbsa', 'index.html'), `<h1>리그 메인</h1>${'<p>경기</p>'.repeat(200)}`);
  writeFileSync(join(dir, '_astro', 'app.abc123.js'), 'console.log(1);'.repeat(100));
  writeFileSync(join(dir, 'admin', 'index.html'), '<div id="admin"></div>');
  writeFileSync(join(dir, '404.html'), '<h1>페이지를 찾을 수 없습니다</h1>');
  writeFileSync(
    join(dir, '_redirects'),
    '/sbsa/result/game/7/* /sbsa/season/2/result/game/7/:splat 301\n',
  );
  await compressBuild(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('serveSite', () => {
  it('answers 503 with a Korean page before the first build', async () => {
    site = null;
    const res = await app.request('/sbsa');
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('사이트를 준비하고 있습니다');
  });

  it('serves pages with and without a trailing slash, brotli when accepted, and 304 on a matching ETag', async () => {
    site = await loadSite('b1', dir);
    const plain = await app.request('/sbsa');
    expect(plain.status).toBe(200);
    expect(await plain.text()).toContain('리그 메인');
    expect(plain.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(plain.headers.get('x-content-type-options')).toBe('nosniff');
    expect(plain.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const br = await app.request('/sbsa/', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toContain(
      '리그 메인',
    );
    const gz = await app.request('/sbsa/', { headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip'); // made on this first request
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toContain('리그 메인');
    expect(existsSync(join(dir, 'sbsa', 'index.html.gz'))).toBe(false);
    const again = await app.request('/sbsa/', {
      headers: { 'if-none-match': plain.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });

  it('gives each content coding its own ETag, and a 304 only for the one the client would get', async () => {
    site = await loadSite('b1', dir);
    const etagFor = async (accept: string) =>
      (await app.request('/sbsa/', { headers: { 'accept-encoding': accept } })).headers.get(
        'etag',
      )!;
    const [plain, br, gz] = [await etagFor(''), await etagFor('br'), await etagFor('gzip')];
    expect(new Set([plain, br, gz]).size).toBe(3);
    expect([br, gz]).toEqual([plain.replace(/"$/, '-br"'), plain.replace(/"$/, '-gzip"')]);
    const ask = (accept: string, tag: string) =>
      app.request('/sbsa/', { headers: { 'accept-encoding': accept, 'if-none-match': tag } });
    const kept = await ask('br, gzip', br);
    expect(kept.status).toBe(304);
    expect(kept.headers.get('etag')).toBe(br);
    expect(kept.headers.get('content-encoding')).toBeNull();
    // the brotli form's tag from a client that now takes only gzip: it gets the gzip form
    const other = await ask('gzip', br);
    expect(other.status).toBe(200);
    expect(other.headers.get('etag')).toBe(gz);
    expect(gunzipSync(Buffer.from(await other.arrayBuffer())).toString()).toContain('리그 메인');
    expect((await ask('', br)).status).toBe(200);
  });

  it('names the build that answered in X-Build', async () => {
    site = await loadSite('b1', dir);
    expect((await app.request('/sbsa')).headers.get('x-build')).toBe('b1');
    expect((await app.request('/sbsa/nothing-here')).headers.get('x-build')).toBe('b1');
    const next = await loadSite('b2', dir);
    site = next;
    expect((await app.request('/sbsa')).headers.get('x-build')).toBe('b2');
    site = await loadSite('b1', dir);
  });

  it('marks hashed assets immutable', async () => {
    const res = await app.request('/_astro/app.abc123.js');
    expect(res.headers.get('cache-control')).toContain('immutable');
  });

  it('serves the admin shell for any /admin path and the Korean 404 elsewhere', async () => {
    const admin = await app.request('/admin/league/gamelist');
    expect(await admin.text()).toContain('id="admin"');
    const missing = await app.request('/sbsa/nothing-here');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('페이지를 찾을 수 없습니다');
    const traversal = await app.request('/sbsa/%2e%2e/%2e%2e/etc/passwd');
    expect(traversal.status).toBe(404);
  });

  it("sends an old address to its season copy by the build's _redirects, and never serves that file", async () => {
    const res = await app.request('/sbsa/result/game/7/31');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/sbsa/season/2/result/game/7/31');
    expect((await app.request('/_redirects')).status).toBe(404);
  });

  it('adds HSTS only behind HTTPS', async () => {
    const res = await app.request('/sbsa', { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
    expect((await app.request('/sbsa')).headers.get('strict-transport-security')).toBeNull();
  });
});

/** A GET that keeps the body as sent (fetch would decode brotli). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers as Record<string, string | undefined>,
          body: Buffer.concat(chunks),
        }),
      );
    }).on('error', reject);
  });
}

describe('siteFastPath', () => {
  // the server's own arrangement: the fast path first, Hono for whatever it leaves
  const fast = siteFastPath(() => site);
  const hono = getRequestListener(app.fetch);
  let fastAnswered = 0;
  const server = createServer((req, res) => {
    if (fast(req, res)) fastAnswered++;
    else void hono(req, res);
  });
  let origin = '';
  beforeAll(async () => {
    site = await loadSite('b1', dir);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('answers a file with the same status, headers and body as the Hono path', async () => {
    const brTag = (
      await app.request('/sbsa/', { headers: { 'accept-encoding': 'br' } })
    ).headers.get('etag')!;
    for (const [path, headers, status] of [
      ['/sbsa?x=1', { 'accept-encoding': 'br' }, 200],
      ['/_astro/app.abc123.js', { 'accept-encoding': 'gzip' }, 200],
      ['/sbsa/', {}, 200],
      ['/sbsa/', { 'accept-encoding': 'br', 'if-none-match': brTag }, 304],
    ] as const) {
      const before = fastAnswered;
      const viaFast = await rawGet(origin + path, headers);
      expect(fastAnswered, path).toBe(before + 1);
      const viaHono = await app.request(path, { headers });
      expect(viaFast.status, path).toBe(status);
      expect(viaFast.status).toBe(viaHono.status);
      for (const name of [
        'content-type',
        'content-encoding',
        'cache-control',
        'etag',
        'vary',
        'x-build',
        'content-security-policy',
        'x-content-type-options',
        'referrer-policy',
      ]) {
        expect(viaFast.headers[name] ?? null, `${path} ${name}`).toBe(viaHono.headers.get(name));
      }
      expect(viaFast.body.equals(Buffer.from(await viaHono.arrayBuffer())), path).toBe(true);
    }
  });

  it('answers 304 to a matching ETag and sends no body to HEAD', async () => {
    const first = await fetch(`${origin}/sbsa`);
    const etag = first.headers.get('etag')!;
    const again = await fetch(`${origin}/sbsa`, {
      headers: { 'if-none-match': `"other", ${etag}` },
    });
    expect(again.status).toBe(304);
    const head = await fetch(`${origin}/sbsa`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('leaves misses, other methods and the API to Hono', async () => {
    const before = fastAnswered;
    const missing = await fetch(`${origin}/sbsa/nothing-here`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('페이지를 찾을 수 없습니다');
    expect((await fetch(`${origin}/admin/league/gamelist`)).status).toBe(200);
    expect((await fetch(`${origin}/sbsa`, { method: 'POST' })).status).toBe(405);
    expect((await fetch(`${origin}/api/sbsa/index.html`)).status).toBe(404);
    expect((await fetch(`${origin}/sbsa/result/game/7/1`, { redirect: 'manual' })).status).toBe(
      301,
    );
    expect(fastAnswered).toBe(before);
  });
});

describe('a blob recompressed after its build went live', () => {
  // a page whose brotli variant is smaller at the best level than at the fast one
  const page = Buffer.from(
    Array.from({ length: 400 }, (_, i) => `<tr><td>${i}</td><td>타자 ${i * 7919}</td></tr>`).join(
      '',
    ),
  );
  const cases = [
    ['from the hot-file cache', new FileCache()],
    ['streamed from disk', new FileCache(8 * 1024)], // files above 1 KB are streamed
  ] as const;

  for (const [how, cache] of cases) {
    it(`sends the length of the bytes it sends (${how})`, async () => {
      const store = new SiteStore(mkdtempSync(join(tmpdir(), 'sbsa-recompressed-')));
      const { entry } = await store.put('sbsa/index.html', page);
      const fastBr = entry.br!;
      let live = await siteFromManifest(store, {
        id: 'b1',
        created: '',
        files: { 'sbsa/index.html': entry },
      });
      const fast = siteFastPath(() => live, cache);
      const server = createServer((req, res) => {
        if (!fast(req, res)) res.writeHead(500).end();
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      try {
        const before = await rawGet(`${origin}/sbsa/`, { 'accept-encoding': 'br' });
        expect(Number(before.headers['content-length'])).toBe(fastBr);
        await store.compress(entry);
        expect(entry.br).toBeLessThan(fastBr);
        // the loaded build still records the fast size; a cache that holds the old bytes sends them whole
        live = await siteFromManifest(store, {
          id: 'b2',
          created: '',
          files: { 'sbsa/index.html': { ...entry, br: fastBr } },
        });
        const hono = new Hono().all(
          '*',
          serveSite(() => live, new FileCache(cache.maxBytes)),
        );
        for (const answer of [
          await rawGet(`${origin}/sbsa/`, { 'accept-encoding': 'br' }),
          await honoGet(hono, '/sbsa/'),
        ]) {
          expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
          expect(brotliDecompressSync(answer.body).equals(page)).toBe(true);
        }
        const head = await fetch(`${origin}/sbsa/`, {
          method: 'HEAD',
          headers: { 'accept-encoding': 'br' },
        });
        expect([fastBr, entry.br]).toContain(Number(head.headers.get('content-length')));
      } finally {
        await new Promise<void>((r) => server.close(() => r()));
        rmSync(store.dir, { recursive: true, force: true });
      }
    });
  }
});

describe('gzip made on demand', () => {
  it('is kept from its second ask, and a file too large for the cache is sent as it is', async () => {
    const small = Buffer.from('<p>경기 결과</p>'.repeat(300)); // about 5 KB
    const large = Buffer.from('<p>시즌 기록</p>'.repeat(1200)); // about 20 KB
    const store = new SiteStore(mkdtempSync(join(tmpdir(), 'sbsa-gzip-')));
    try {
      const files = {
        'sbsa/index.html': (await store.put('sbsa/index.html', small)).entry,
        'sbsa/stats/index.html': (await store.put('sbsa/stats/index.html', large)).entry,
      };
      const live = await siteFromManifest(store, { id: 'b1', created: '', files });
      const cache = new FileCache(64 * 1024); // files above 8 KB are streamed
      const hono = new Hono().all(
        '*',
        serveSite(() => live, cache),
      );
      const gzipOnly = { 'accept-encoding': 'gzip' };
      for (let ask = 1; ask <= 2; ask++) {
        const res = await hono.request('/sbsa/', { headers: gzipOnly });
        expect(res.headers.get('content-encoding')).toBe('gzip');
        expect(gunzipSync(Buffer.from(await res.arrayBuffer())).equals(small)).toBe(true);
      }
      expect(cache.get(files['sbsa/index.html'].h, 'gz')).toBeDefined();
      const head = await hono.request('/sbsa/', { method: 'HEAD', headers: gzipOnly });
      expect(Number(head.headers.get('content-length'))).toBe(
        cache.get(files['sbsa/index.html'].h, 'gz')!.length,
      );
      const big = await hono.request('/sbsa/stats/', { headers: gzipOnly });
      expect(big.headers.get('content-encoding')).toBeNull();
      expect(Buffer.from(await big.arrayBuffer()).equals(large)).toBe(true);
      const bigBr = await hono.request('/sbsa/stats/', { headers: { 'accept-encoding': 'br' } });
      expect(bigBr.headers.get('content-encoding')).toBe('br');
    } finally {
      rmSync(store.dir, { recursive: true, force: true });
    }
  });
});

describe('a client gone while its file is being opened', () => {
  it('closes the file and the server keeps answering', async () => {
    const page = Buffer.from('<p>경기 결과</p>'.repeat(400));
    const store = new SiteStore(mkdtempSync(join(tmpdir(), 'sbsa-gone-')));
    const { entry } = await store.put('sbsa/index.html', page);
    const live = await siteFromManifest(store, {
      id: 'b1',
      created: '',
      files: { 'sbsa/index.html': entry },
    });
    const fast = siteFastPath(() => live, new FileCache(8 * 1024)); // files above 1 KB are streamed
    let hangUp = true;
    const server = createServer((req, res) => {
      if (!fast(req, res)) res.writeHead(500).end();
      // the client goes before the file is open (a phone that moved on)
      else if (hangUp) res.destroy();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sbsa/`;
    const openFiles = () => readdirSync('/proc/self/fd').length;
    try {
      const before = openFiles();
      await Promise.all(
        Array.from(
          { length: 20 },
          () =>
            new Promise<void>((resolve) => {
              // no Accept-Encoding: the 8 KB page itself, streamed from disk
              get(url, (answer) => answer.resume().on('end', resolve)).on('error', () => resolve());
            }),
        ),
      );
      // each file left open would be one more (a little room for the test runner's own)
      await expect.poll(openFiles).toBeLessThanOrEqual(before + 5);
      hangUp = false;
      const answer = await rawGet(url, {});
      expect(answer.body.equals(page)).toBe(true);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
      rmSync(store.dir, { recursive: true, force: true });
    }
  });
});

async function honoGet(app: Hono, path: string) {
  const res = await app.request(path, { headers: { 'accept-encoding': 'br' } });
  return {
    headers: Object.fromEntries(res.headers) as Record<string, string | undefined>,
    body: Buffer.from(await res.arrayBuffer()),
  };
}
