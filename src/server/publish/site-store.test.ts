import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SiteStore, manifestJson } from './site-store.ts';
import type { Manifest } from './site-store.ts';

let dir: string;

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A manifest of a site with `n` pages, each with its blob and the data keys it read. */
function manifest(n: number, withDeps: boolean): Manifest {
  const files: Manifest['files'] = {};
  const deps: Record<string, string[]> = {};
  for (let i = 0; i < n; i++) {
    const rel = `sbsa/stats/team/${i % 300}/player/${i}/index.html`;
    files[rel] = { h: i.toString(16).padStart(32, '0'), n: 1000 + i, br: 200 + i, gz: 300 + i };
    deps[rel] = ['site', `player:${i}`, `team:${i % 300}`, 'league:"7"'];
  }
  return {
    id: '20261127091213-76c84b',
    created: '2026-11-27T09:12:13.000Z',
    files,
    ...(withDeps ? { deps: { code: 'c0de', files: deps } } : {}),
  };
}

describe('SiteStore.writeManifest', () => {
  it('writes the text JSON.stringify makes', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sbsa-site-store-'));
    const store = new SiteStore(dir);
    for (const m of [manifest(9000, true), manifest(9000, false), manifest(0, false)]) {
      await store.writeManifest(m);
      expect(readFileSync(store.manifestPath(m.id), 'utf8')).toBe(JSON.stringify(m));
      expect(await store.readManifest(m.id)).toEqual(m);
    }
  });

  it('makes the JSON of a large manifest in parts, giving the thread back between them', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sbsa-site-store-'));
    const m = manifest(9000, true);
    let turns = 0;
    let done = false;
    const count = () => {
      turns++;
      if (!done) setImmediate(count);
    };
    setImmediate(count);
    const parts: { length: number; turns: number }[] = [];
    let text = '';
    for await (const part of manifestJson(m)) {
      parts.push({ length: part.length, turns });
      text += part;
    }
    done = true;
    expect(text).toBe(JSON.stringify(m));
    // the data keys go a few thousand pages at a time, and the event loop turns between them
    const keysText = JSON.stringify(m.deps!.files).length;
    expect(parts.filter((p) => p.length > keysText / 3)).toHaveLength(1); // the paths' blobs
    expect(parts.length).toBeGreaterThanOrEqual(6);
    expect(parts.at(-1)!.turns - parts[0].turns).toBeGreaterThanOrEqual(4);
  });
});

describe('SiteStore.put and collect', () => {
  it('stores a page with its brotli copy only, and collects a gzip copy of earlier builds once no kept build names it', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sbsa-site-store-'));
    const store = new SiteStore(dir);
    const page = Buffer.from('<p>경기 결과</p>'.repeat(200));
    const { entry, written } = await store.put('sbsa/index.html', page);
    expect(written).toBe(true);
    expect(existsSync(store.blobPath(entry.h, 'br'))).toBe(true);
    expect(existsSync(store.blobPath(entry.h, 'gz'))).toBe(false);
    expect(entry.gz).toBeUndefined();

    // a build stored before decision 132 named a gzip copy of the same blob
    writeFileSync(store.blobPath(entry.h, 'gz'), gzipSync(page));
    const old: Manifest = {
      id: 'old',
      created: '',
      files: { 'sbsa/index.html': { ...entry, gz: 123 } },
    };
    const current: Manifest = { id: 'new', created: '', files: { 'sbsa/index.html': entry } };
    await store.writeManifest(old);
    await store.writeManifest(current);
    // stored again: the blob is whole (its brotli copy is there), nothing is written
    expect((await store.put('sbsa/index.html', page)).written).toBe(false);

    await store.collect(['old', 'new']);
    expect(existsSync(store.blobPath(entry.h, 'gz'))).toBe(true);
    await store.collect(['new']);
    expect(existsSync(store.blobPath(entry.h, 'gz'))).toBe(false);
    expect(existsSync(store.blobPath(entry.h))).toBe(true);
    expect(existsSync(store.blobPath(entry.h, 'br'))).toBe(true);
  });

  it('gives a blob stored without its brotli copy the copy alone, its own file left as it was', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sbsa-site-store-'));
    const store = new SiteStore(dir);
    const page = Buffer.from('<p>순위</p>'.repeat(200));
    const { entry } = await store.put('sbsa/index.html', page);
    rmSync(store.blobPath(entry.h, 'br'));
    const file = statSync(store.blobPath(entry.h));
    const again = await store.put('sbsa/index.html', page);
    expect(again.entry.br).toBeGreaterThan(0);
    expect(existsSync(store.blobPath(entry.h, 'br'))).toBe(true);
    // the trees link the file, and nginx's validator is its time: the same inode, the same time
    const after = statSync(store.blobPath(entry.h));
    expect([after.ino, after.mtimeMs]).toEqual([file.ino, file.mtimeMs]);
  });

  it('stores a page without its brotli copy when told, and compresses it later', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sbsa-site-store-'));
    const store = new SiteStore(dir);
    const page = Buffer.from('<p>일정</p>'.repeat(200));
    const { entry, written } = await store.put('sbsa/index.html', page, undefined, {
      brotli: false,
    });
    expect(written).toBe(true);
    expect(entry.br).toBeUndefined();
    expect(existsSync(store.blobPath(entry.h, 'br'))).toBe(false);
    // stored again without: still none; with: the copy alone
    expect(
      (await store.put('x.html', page, undefined, { brotli: false })).entry.br,
    ).toBeUndefined();
    await store.compress(entry);
    expect(entry.br).toBe(statSync(store.blobPath(entry.h, 'br')).size);
    expect((await store.put('y.html', page)).entry.br).toBe(entry.br);
  });
});
