import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompressQueue } from './compress-queue.ts';
import { SiteStore } from './site-store.ts';

let dir: string;

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A page-like body that the best brotli level compresses better than the fast one. */
const page = (n: number) =>
  Buffer.from(
    Array.from(
      { length: 600 },
      (_, i) => `<tr><th scope="row">${(i * 7919 + n) % 1000}</th><td>선수 ${i % 97}</td></tr>`,
    ).join('\n'),
  );

/** The child processes of this one (Linux). */
const children = () =>
  readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean);

/** A gate standing for "no publish is running": closed until opened. */
function gate() {
  let open!: () => void;
  const promise = new Promise<void>((r) => {
    open = r;
  });
  return { quiet: () => promise, open: () => open() };
}

describe('CompressQueue', () => {
  it('compresses again at the best level only while no publish runs', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sbsa-recompress-'));
    const store = new SiteStore(dir);
    const [a, b] = await Promise.all([
      store.put('sbsa/a/index.html', page(1)),
      store.put('sbsa/b/index.html', page(2)),
    ]);
    const brSize = (h: string) => statSync(store.blobPath(h, 'br')).size;
    expect(brSize(a.entry.h)).toBe(a.entry.br);
    const publishing = gate();
    const told: string[][] = [];
    const queue = new CompressQueue(store, publishing.quiet, async (rels) => {
      told.push(rels);
    });
    queue.add([
      ['sbsa/a/index.html', a.entry],
      ['sbsa/a2/index.html', a.entry],
      ['sbsa/b/index.html', b.entry],
    ]);
    await new Promise((r) => setTimeout(r, 200));
    // a publish is running: its CPU is the renderer's
    expect(brSize(a.entry.h)).toBe(a.entry.br);
    expect(brSize(b.entry.h)).toBe(b.entry.br);
    const fast = [a.entry.br!, b.entry.br!];
    publishing.open();
    await queue.idle();
    expect(brSize(a.entry.h)).toBeLessThan(fast[0]);
    expect(brSize(b.entry.h)).toBeLessThan(fast[1]);
    // the entries, and the manifests written from them, record the new sizes
    expect(a.entry.br).toBe(brSize(a.entry.h));
    expect(b.entry.br).toBe(brSize(b.entry.h));
    // each blob once, and the paths it is at told (the live tree links its new variant)
    expect(told).toEqual([['sbsa/a/index.html', 'sbsa/a2/index.html'], ['sbsa/b/index.html']]);
  });

  it('works in a process of its own that ends when the queue is empty', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sbsa-recompress-'));
    const store = new SiteStore(dir);
    const { entry } = await store.put('sbsa/d/index.html', page(4));
    // an earlier test's child may still be on its way out: only the ones started here count
    const before = new Set(children());
    const queue = new CompressQueue(store, async () => undefined);
    queue.add([['sbsa/d/index.html', entry]]);
    const started = new Set<string>();
    let done = false;
    void queue.idle().then(() => {
      done = true;
    });
    while (!done) {
      for (const pid of children()) if (!before.has(pid)) started.add(pid);
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(started.size).toBe(1);
    expect(entry.br).toBe(statSync(store.blobPath(entry.h, 'br')).size);
    const alive = () => children().filter((pid) => started.has(pid));
    for (let i = 0; i < 50 && alive().length > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(alive()).toEqual([]);
  });

  it('keeps one child for many blobs without piling up listeners on it', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sbsa-recompress-'));
    const store = new SiteStore(dir);
    const puts = await Promise.all(
      Array.from({ length: 14 }, (_, i) => store.put(`sbsa/m${i}/index.html`, page(10 + i))),
    );
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
    process.on('warning', onWarning);
    try {
      const queue = new CompressQueue(store, async () => undefined);
      queue.add(puts.map((p, i) => [`sbsa/m${i}/index.html`, p.entry] as const));
      await queue.idle();
      // node warns once a child carries more than 10 listeners of one event
      await new Promise((r) => setImmediate(r));
      expect(warnings).toEqual([]);
      for (const { entry } of puts)
        expect(entry.br).toBe(statSync(store.blobPath(entry.h, 'br')).size);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('makes the variant of a blob stored without one, at the fast level, and tells which paths have it', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sbsa-recompress-'));
    const store = new SiteStore(dir);
    const { entry } = await store.put('sbsa/e/index.html', page(5), undefined, { brotli: false });
    expect(entry.br).toBeUndefined();
    expect(existsSync(store.blobPath(entry.h, 'br'))).toBe(false);
    const told: string[][] = [];
    const queue = new CompressQueue(
      store,
      async () => undefined,
      async (rels) => {
        told.push(rels);
      },
    );
    queue.add([['sbsa/e/index.html', entry]]);
    expect(queue.waiting).toBe(1);
    await queue.idle();
    expect(queue.waiting).toBe(0);
    const br = readFileSync(store.blobPath(entry.h, 'br'));
    expect(entry.br).toBe(br.length);
    expect(brotliDecompressSync(br)).toEqual(page(5));
    // the fast level: what a put with brotli stores, not the best level's smaller one
    const inline = await store.put('sbsa/f/index.html', page(5));
    expect(inline.entry.br).toBe(entry.br);
    expect(told).toEqual([['sbsa/e/index.html']]);
  });

  it('stops between blobs when the publisher stops, leaving the fast variants', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sbsa-recompress-'));
    const store = new SiteStore(dir);
    const { entry } = await store.put('sbsa/c/index.html', page(3));
    const publishing = gate();
    const queue = new CompressQueue(store, publishing.quiet);
    queue.add([['sbsa/c/index.html', entry]]);
    queue.stop();
    publishing.open();
    await queue.idle();
    expect(statSync(store.blobPath(entry.h, 'br')).size).toBe(entry.br);
  });
});
