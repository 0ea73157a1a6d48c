import { afterEach, describe, expect, it } from 'vitest';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listFiles } from './compress-build.ts';
import { SiteStore } from './site-store.ts';
import type { BlobEntry } from './site-store.ts';
import { SiteTrees, treeChanges } from './site-trees.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const page = (text: string) => Buffer.from(`<!doctype html><p>${text}</p>`.padEnd(400, ' '));

/** Stores the files of a build and returns its entries by path. */
async function stored(
  store: SiteStore,
  files: Record<string, Buffer>,
): Promise<Record<string, BlobEntry>> {
  const out: Record<string, BlobEntry> = {};
  for (const [rel, body] of Object.entries(files)) out[rel] = (await store.put(rel, body)).entry;
  return out;
}

/**
 * What a tree must hold for a build: each path and each variant its entry names, no other file,
 * each the blob itself (one inode). Returns the problems found.
 */
async function treeProblems(
  store: SiteStore,
  tree: string,
  files: Record<string, BlobEntry>,
): Promise<string[]> {
  const expected = Object.entries(files).flatMap(([rel, e]) => [
    rel,
    ...(e.br !== undefined ? [`${rel}.br`] : []),
  ]);
  const problems: string[] = [];
  const actual = (await listFiles(tree)).sort();
  if (JSON.stringify(actual) !== JSON.stringify(expected.sort()))
    problems.push(`files ${actual.join(',')} ≠ ${expected.join(',')}`);
  for (const [rel, e] of Object.entries(files))
    for (const variant of [undefined, ...(e.br !== undefined ? (['br'] as const) : [])]) {
      const at = join(tree, variant ? `${rel}.${variant}` : rel);
      if (existsSync(at) && statSync(at).ino !== statSync(store.blobPath(e.h, variant)).ino)
        problems.push(`${at} is not its blob`);
    }
  return problems;
}

/** Inode and modification time of every file of a tree: changed by nothing but a new link. */
async function snapshot(tree: string): Promise<string> {
  const out: string[] = [];
  for (const rel of (await listFiles(tree)).sort()) {
    const s = statSync(join(tree, rel));
    out.push(`${rel} ${s.ino} ${s.mtimeMs}`);
  }
  return out.join('\n');
}

function setup() {
  dir = mkdtempSync(join(tmpdir(), 'sbsa-site-trees-'));
  const store = new SiteStore(join(dir, 'builds'));
  return { store, trees: new SiteTrees(store) };
}

/** Lays out and switches to a build, as the publisher does. */
async function goLive(
  trees: SiteTrees,
  id: string,
  files: Record<string, BlobEntry>,
  live: { id: string; files: Record<string, BlobEntry> } | null,
  previous: string | null = live?.id ?? null,
) {
  const changed = treeChanges(live?.files ?? {}, files);
  await trees.prepare(id, files, changed, [previous], live?.id ?? null);
  await trees.switchTo(id, changed);
  return { id, files };
}

describe('SiteTrees', () => {
  it('lays a build out as hard links to its blobs, .br beside text files, and links `live` to it', async () => {
    const { store, trees } = setup();
    const files = await stored(store, {
      'sbsa/index.html': page('home'),
      'sbsa/result/game/1/2/index.html': page('1:0'),
      '_astro/logo.png': Buffer.from('png'.repeat(200)),
      _redirects: Buffer.from('/sbsa/old /sbsa/new 301\n'),
    });
    await goLive(trees, 'a', files, null);
    expect(await treeProblems(store, trees.treeDir('a'), files)).toEqual([]);
    expect(existsSync(join(trees.treeDir('a'), '_astro/logo.png.br'))).toBe(false);
    expect(readlinkSync(trees.liveLink)).toBe('trees/a');
    expect(readFileSync(join(trees.liveLink, 'sbsa/result/game/1/2/index.html'), 'utf8')).toContain(
      '1:0',
    );
    expect(trees.liveOnDisk()).toBe('a');
  });

  it('takes the tree of a build no longer kept for the next one and links again only what changed, never touching the live and kept trees', async () => {
    const { store, trees } = setup();
    const v1 = await stored(store, {
      'sbsa/index.html': page('home 1'),
      'sbsa/notice/7/index.html': page('notice 7'),
      'sbsa/team/3/index.html': page('team 3'),
    });
    const a = await goLive(trees, 'a', v1, null);
    const v2 = { ...v1, ...(await stored(store, { 'sbsa/index.html': page('home 2') })) };
    const b = await goLive(trees, 'b', v2, a);
    const v3: Record<string, BlobEntry> = {
      ...v2,
      ...(await stored(store, {
        'sbsa/team/3/index.html': page('team 3, new roster'),
        'sbsa/notice/8/index.html': page('notice 8'),
      })),
    };
    delete v3['sbsa/notice/7/index.html'];
    // b is live, then kept for rollback: its tree stays as it is; c takes a's
    const liveBefore = await snapshot(trees.treeDir('b'));
    const c = await goLive(trees, 'c', v3, b);
    expect(existsSync(trees.treeDir('a'))).toBe(false);
    expect(await snapshot(trees.treeDir('b'))).toBe(liveBefore);
    expect(await treeProblems(store, trees.treeDir('c'), v3)).toEqual([]);
    expect(realpathSync(trees.liveLink)).toBe(realpathSync(trees.treeDir('c')));
    // d takes b's tree, no longer kept: b's files, then c's changes and d's, linked again
    await trees.collect(['c', 'b']);
    const v4 = { ...v3, ...(await stored(store, { 'sbsa/index.html': page('home 4') })) };
    await goLive(trees, 'd', v4, c);
    expect(existsSync(trees.treeDir('b'))).toBe(false);
    expect(await treeProblems(store, trees.treeDir('d'), v4)).toEqual([]);
    // a removed page's folder goes with it
    expect(existsSync(join(trees.treeDir('d'), 'sbsa/notice/7'))).toBe(false);
  });

  it('lays a page again when its new bytes have no brotli variant, and drops the old one', async () => {
    const { store, trees } = setup();
    const v1 = await stored(store, { 'sbsa/index.html': page('home'), 'sbsa/x.json': page('x') });
    const a = await goLive(trees, 'a', v1, null);
    const b = await goLive(trees, 'b', v1, a);
    // a small file gets no .br: the tree taken for c still has the old one beside the path
    const v3 = { ...v1, ...(await stored(store, { 'sbsa/x.json': Buffer.from('{}') })) };
    expect(v3['sbsa/x.json'].br).toBeUndefined();
    await goLive(trees, 'c', v3, b);
    expect(existsSync(join(trees.treeDir('c'), 'sbsa/x.json.br'))).toBe(false);
    expect(await treeProblems(store, trees.treeDir('c'), v3)).toEqual([]);
  });

  it('keeps the tree of the build before a publish while the publish switches twice', async () => {
    const { store, trees } = setup();
    const v1 = await stored(store, {
      'sbsa/index.html': page('1'),
      'sbsa/records/index.html': page('r1'),
    });
    const a = await goLive(trees, 'a', v1, null);
    const b = await goLive(trees, 'b', v1, a);
    const kept = await snapshot(trees.treeDir('b'));
    // a publish in two parts: its first part and its second, b kept for rollback through both
    const v2 = { ...v1, ...(await stored(store, { 'sbsa/index.html': page('2') })) };
    const c1 = await goLive(trees, 'c1', v2, b, 'b');
    const v3 = { ...v2, ...(await stored(store, { 'sbsa/records/index.html': page('r2') })) };
    await goLive(trees, 'c2', v3, c1, 'b');
    expect(await snapshot(trees.treeDir('b'))).toBe(kept);
    expect(await treeProblems(store, trees.treeDir('c2'), v3)).toEqual([]);
    expect(await treeProblems(store, trees.treeDir('b'), v1)).toEqual([]);
  });

  it('rolls back to the tree of the build before, and forward again', async () => {
    const { store, trees } = setup();
    const v1 = await stored(store, {
      'sbsa/index.html': page('1'),
      'sbsa/a/index.html': page('a'),
    });
    const a = await goLive(trees, 'a', v1, null);
    const v2 = { ...v1, ...(await stored(store, { 'sbsa/index.html': page('2') })) };
    const b = await goLive(trees, 'b', v2, a);
    // back to a: its own tree, with b's change undone; b's tree kept for the way forward
    const keptB = await snapshot(trees.treeDir('b'));
    await goLive(trees, 'a', v1, b);
    expect(realpathSync(trees.liveLink)).toBe(realpathSync(trees.treeDir('a')));
    expect(await treeProblems(store, trees.treeDir('a'), v1)).toEqual([]);
    expect(await snapshot(trees.treeDir('b'))).toBe(keptB);
    await goLive(trees, 'b', v2, a);
    expect(await treeProblems(store, trees.treeDir('b'), v2)).toEqual([]);
    expect(readFileSync(join(trees.liveLink, 'sbsa/index.html'), 'utf8')).toContain('2');
  });

  it('keeps one spare tree and deletes the rest', async () => {
    const { store, trees } = setup();
    let live = null as Awaited<ReturnType<typeof goLive>> | null;
    for (const [i, id] of ['a', 'b', 'c', 'd', 'e'].entries()) {
      const files = await stored(store, { 'sbsa/index.html': page(`home ${i}`) });
      // each build laid out anew: a tree for every one
      await trees.prepare(id, files, null, [live?.id ?? null], live?.id ?? null);
      await trees.switchTo(id, null);
      live = { id, files };
    }
    expect((await listFiles(trees.dir)).length).toBe(10);
    await trees.collect(['e', 'd']);
    // every other tree holds what is not known: none is worth keeping
    expect(new Set((await listFiles(trees.dir)).map((f) => f.split('/')[0]))).toEqual(
      new Set(['e', 'd']),
    );
  });

  it('at start, lays out a missing live tree, links `live` to it, and lays out anew a tree it cannot vouch for', async () => {
    const { store, trees } = setup();
    const v1 = await stored(store, { 'sbsa/index.html': page('1') });
    const v2 = await stored(store, { 'sbsa/index.html': page('2') });
    const a = await goLive(trees, 'a', v1, null);
    const b = await goLive(trees, 'b', v2, a);
    await goLive(trees, 'c', v1, b);
    // a data folder where b's tree is gone and `live` names c's (a crash between live.json and `live`)
    rmSync(trees.treeDir('b'), { recursive: true });
    const again = new SiteTrees(store);
    await again.open('b', v2);
    expect(realpathSync(again.liveLink)).toBe(realpathSync(again.treeDir('b')));
    expect(await treeProblems(store, again.treeDir('b'), v2)).toEqual([]);
    // c's tree (laid in a's) is there but not vouched for: the next build is laid out anew
    const keptC = await snapshot(again.treeDir('c'));
    const v3 = await stored(store, { 'sbsa/index.html': page('3') });
    await goLive(again, 'd', v3, { id: 'b', files: v2 }, 'b');
    expect(await snapshot(again.treeDir('c'))).toBe(keptC);
    expect(await treeProblems(store, again.treeDir('d'), v3)).toEqual([]);
  });

  it('dates a new blob a second after the page it replaces when both would give nginx the same validator', async () => {
    const { store, trees } = setup();
    const v1 = await stored(store, { 'sbsa/game/index.html': page('1:0') });
    const a = await goLive(trees, 'a', v1, null);
    const v2 = await stored(store, { 'sbsa/game/index.html': page('2:0') });
    // the same length, written in the same second
    const second = Math.floor(Date.now() / 1000);
    for (const e of [v1, v2].map((v) => v['sbsa/game/index.html']))
      for (const variant of [undefined, 'br'] as const)
        utimesSync(store.blobPath(e.h, variant), second, second);
    await goLive(trees, 'b', v2, a);
    for (const variant of [undefined, 'br'] as const) {
      const [before, after] = [a, { files: v2 }].map((b) =>
        statSync(store.blobPath(b.files['sbsa/game/index.html'].h, variant)),
      );
      // a variant of another length has a validator of its own already: left as it was
      const apart = after.size === before.size ? 1 : 0;
      if (variant === undefined) expect(apart).toBe(1);
      expect(Math.floor(after.mtimeMs / 1000)).toBe(Math.floor(before.mtimeMs / 1000) + apart);
    }
  });

  it('links a variant made again after the switch into the live tree', async () => {
    const { store, trees } = setup();
    const v1 = await stored(store, { 'sbsa/index.html': page('home') });
    await goLive(trees, 'a', v1, null);
    const entry = v1['sbsa/index.html'];
    const before = statSync(join(trees.treeDir('a'), 'sbsa/index.html.br')).ino;
    await store.compress(entry);
    expect(statSync(join(trees.treeDir('a'), 'sbsa/index.html.br')).ino).toBe(before);
    await trees.relink(['sbsa/index.html'], entry);
    expect(await treeProblems(store, trees.treeDir('a'), v1)).toEqual([]);
  });
});
