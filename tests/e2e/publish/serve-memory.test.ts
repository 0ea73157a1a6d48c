/**
 * Serving from disk: a generated site far larger than the hot-file cache is requested page by page
 * (plain and brotli) from a process running the server's serving stack; the process's resident
 * memory stays flat — it does not grow with the number of pages served — while every answer is
 * the page's bytes. A large file is streamed, and a matching ETag answers 304.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { SiteStore } from '../../../src/server/publish/site-store.ts';
import { writeBuild } from '../../../src/server/publish/write-build.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const PAGES = 3000;
const PAGE_BYTES = 48 * 1024;
const CACHE_MB = 8;
let dir: string;
let child: ChildProcess;
let origin: string;
const pages = new Map<string, Buffer>();
let big: Buffer;

/** A page of its own bytes: hex noise, so its compressed variants are large too. */
const pageBody = (i: number) =>
  Buffer.from(
    `<!doctype html><html lang="ko"><title>${i}</title><p>${randomBytes(PAGE_BYTES / 2).toString('hex')}</p></html>`,
  );

const rssMb = () => {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sbsa-serve-memory-'));
  const store = new SiteStore(join(dir, 'builds'));
  for (let i = 0; i < PAGES; i++) pages.set(`sbsa/page/${i}/index.html`, pageBody(i));
  big = Buffer.from(randomBytes(3 * 1024 * 1024).toString('base64'));
  const made = new Map([...pages, ['sbsa/index.html', pageBody(-1)], ['big.json', big]]);
  await writeBuild(store, 'gen', { made, paths: [...made.keys()] }, null);
  await store.writePointer({ live: 'gen', previous: null });
  child = spawn(
    join(ROOT, 'node_modules/.bin/node'),
    [join(ROOT, 'tests/helpers/serve-store.ts'), store.dir, String(CACHE_MB)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<number>((res, rej) => {
    child.stdout!.once('data', (chunk: Buffer) => res(JSON.parse(chunk.toString()).port));
    child.once('exit', (code) => rej(new Error(`server exited (${code})`)));
  });
  origin = `http://127.0.0.1:${port}`;
}, 10 * 60_000);

afterAll(async () => {
  child?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('serving a site from disk', () => {
  it('keeps the serving process flat in memory while every page is requested', async () => {
    const paths = [...pages.keys()];
    let served = 0;
    const get = async (rel: string, br: boolean) => {
      const res = await fetch(`${origin}/${rel.replace(/index\.html$/, '')}`, {
        headers: { 'accept-encoding': br ? 'br' : 'identity' },
      });
      const body = Buffer.from(await res.arrayBuffer());
      served += body.length;
      expect(res.status).toBe(200);
      // fetch decodes brotli itself: either way the page's own bytes arrive
      expect(body.equals(pages.get(rel)!), rel).toBe(true);
      if (br) expect(res.headers.get('content-encoding')).toBe('br');
    };
    const sweep = async (list: string[], br: boolean) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next < list.length) await get(list[next++], br);
        }),
      );
    };
    // warm-up: the cache fills (a file is kept from its second ask), the process reaches its
    // working size
    for (const br of [false, false, true, true]) await sweep(paths.slice(0, 300), br);
    const warm = rssMb();
    let peak = warm;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb());
    }, 100);
    try {
      await sweep(paths, false);
      await sweep(paths, true);
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, rssMb());
    const servedMb = served / 1024 / 1024;
    console.info(
      `[serve-memory] ${PAGES} pages, ${servedMb.toFixed(0)} MB served; RSS ${warm.toFixed(0)} MB after warm-up, peak ${peak.toFixed(0)} MB`,
    );
    expect(servedMb).toBeGreaterThan(250);
    // flat: the pages alone are 140 MB, their brotli variants as much again; holding them would
    // show here, a bounded cache (8 MB) and the allocator's own slack do not
    expect(peak - warm).toBeLessThan(80);
    expect(peak).toBeLessThan(240);
  });

  it('streams a large file, and answers 304 to its ETag', async () => {
    const res = await fetch(`${origin}/big.json`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    const etag = res.headers.get('etag')!;
    expect(Buffer.from(await res.arrayBuffer()).equals(big)).toBe(true);
    const again = await fetch(`${origin}/big.json`, {
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    // the brotli variant as sent, undecoded (node's http keeps the body as it came)
    const raw = await new Promise<Buffer>((res2, rej) => {
      import('node:http').then(({ get }) =>
        get(`${origin}/big.json`, { headers: { 'accept-encoding': 'br' } }, (r) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => res2(Buffer.concat(chunks)));
        }).on('error', rej),
      );
    });
    expect(brotliDecompressSync(raw).equals(big)).toBe(true);
  });
});
