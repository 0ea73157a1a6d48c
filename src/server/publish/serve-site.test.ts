import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { Hono } from 'hono';
import { compressBuild } from './compress-build.ts';
import { loadSite } from './static-site.ts';
import type { LoadedSite } from './static-site.ts';
import { serveSite } from './serve-site.ts';

let dir: string;
let site: LoadedSite | null = null;
const app = new Hono();
app.all('*', serveSite(() => site));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sbsa-site-'));
  mkdirSync(join(dir, 'sbsa', 'notice'), { recursive: true });
  mkdirSync(join(dir, '_astro'), { recursive: true });
  mkdirSync(join(dir, 'admin'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<meta http-equiv="refresh" content="0;url=/sbsa">');
  writeFileSync(join(dir, 'sbsa', 'index.html'), '<h1>리그 메인</h1>' + '<p>경기</p>'.repeat(200));
  writeFileSync(join(dir, '_astro', 'app.abc123.js'), 'console.log(1);'.repeat(100));
  writeFileSync(join(dir, 'admin', 'index.html'), '<div id="admin"></div>');
  writeFileSync(join(dir, '404.html'), '<h1>페이지를 찾을 수 없습니다</h1>');
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
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toContain('리그 메인');
    const again = await app.request('/sbsa/', { headers: { 'if-none-match': plain.headers.get('etag')! } });
    expect(again.status).toBe(304);
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

  it('adds HSTS only behind HTTPS', async () => {
    const res = await app.request('/sbsa', { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
    expect((await app.request('/sbsa')).headers.get('strict-transport-security')).toBeNull();
  });
});
