import { afterEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { RenderResult } from './render-engine.ts';
import { CRASH_BEFORE_SWITCH_ENV, SiteStore } from './site-store.ts';
import { diskPath, siteFromManifest } from './static-site.ts';
import type { LoadedSite } from './static-site.ts';
import { renderedBuild, writeBuild } from './write-build.ts';
import { redirectFor } from './redirects.ts';

/** Where the bytes of a file of a build lie. */
const fileOn = (site: LoadedSite, path: string) =>
  diskPath(site, site.files.get(path)!, 'identity');

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const page = (text: string) => Buffer.from(`<!doctype html><p>${text}</p>`.padEnd(400, ' '));

function codeFolder(files: Record<string, string>): string {
  const code = join(dir, 'code');
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(code, rel)), { recursive: true });
    writeFileSync(join(code, rel), text.padEnd(300, '/'));
  }
  return code;
}

/** A render of the given pages (their data keys, and bytes when rendered); `listed`: with the list of paths. */
function render(
  code: string,
  pages: Record<string, [deps: string[], body?: Buffer]>,
  codeFiles: string[],
  listed = true,
): RenderResult {
  const rendered = new Map<string, Buffer>();
  const deps = new Map<string, string[]>();
  for (const [file, [keys, body]] of Object.entries(pages))
    if (body) {
      rendered.set(file, body);
      deps.set(file, keys);
    }
  return {
    code,
    paths: listed ? Object.keys(pages) : null,
    rendered,
    stored: new Map(),
    deps,
    codeFiles,
    ms: { paths: 0, render: 0 },
  };
}

/** Writes a render as build `id` on top of `live` and makes it live. */
async function publish(
  store: SiteStore,
  id: string,
  r: RenderResult,
  codeDir: string,
  live: LoadedSite | null,
) {
  const written = await writeBuild(store, id, await renderedBuild(r, codeDir, live), live);
  await store.writePointer({ live: id, previous: live?.id ?? null });
  return written;
}

/** Every blob file of the store (with its .br variants). */
const blobFiles = (store: SiteStore) =>
  readdirSync(store.blobsDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name)
    .sort();

describe('writeBuild (content-addressed)', () => {
  it('takes the blobs the renderer stored as they are, counts and lists them as its own, and writes the same build as from bytes', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sbsa-write-build-'));
    const store = new SiteStore(join(dir, 'builds'));
    const codeDir = codeFolder({ '_astro/app.js': 'console.log(1)' });
    const codeFiles = ['_astro/app.js'];
    const pages = (game: string) => ({
      'index.html': [['site'], page('home')] as [string[], Buffer],
      'sbsa/game/1/index.html': [['game:1'], page(game)] as [string[], Buffer],
    });
    const first = await publish(store, 'a', render('c1', pages('0:0'), codeFiles), codeDir, null);
    const live = first.site;
    // what a renderer given the store sends: the blobs it stored, no bytes
    const again = render('c1', pages('2:1'), codeFiles, false);
    for (const [file, body] of again.rendered) again.stored.set(file, await store.put(file, body));
    const fromBytes = await renderedBuild(again, codeDir, live);
    again.rendered.clear();
    const input = await renderedBuild(again, codeDir, live);
    expect(input.made.size).toBe(0);
    const stored = await writeBuild(store, 'b', input, live);
    // the game's blob was new to the store when the renderer stored it; the home page's was not
    expect(stored.written).toBe(1);
    expect(stored.changed).toEqual(['sbsa/game/1/index.html']);
    expect(stored.recompress.map(([, e]) => e.h)).toEqual([
      stored.manifest.files['sbsa/game/1/index.html'].h,
    ]);
    expect(readFileSync(fileOn(stored.site, '/sbsa/game/1/index.html'), 'utf8')).toContain('2:1');
    // the same build as one written from the bytes
    const written = await writeBuild(store, 'c', fromBytes, live);
    expect(stored.manifest.files).toEqual(written.manifest.files);
    expect(written.written).toBe(0);
  });

  it("writes blobs only for new content, keeps the live build's blobs for the rest, and records the dependencies", async () => {
    dir = mkdtempSync(join(tmpdir(), 'sbsa-write-build-'));
    const store = new SiteStore(join(dir, 'builds'));
    const codeDir = codeFolder({ '_astro/app.js': 'console.log(1)', 'favicon.svg': '<svg/>' });
    const codeFiles = ['_astro/app.js', 'favicon.svg'];
    const first = await publish(
      store,
      'a',
      render(
        'c1',
        {
          'index.html': [['site'], page('home')],
          'sbsa/game/1/index.html': [['game:1'], page('game 1')],
          'sbsa/game/2/index.html': [['game:2'], page('game 1')], // same bytes: one blob
          _redirects: [['paths'], Buffer.from('/old /sbsa 301\n')],
        },
        codeFiles,
      ),
      codeDir,
      null,
    );
    expect(first.written).toBe(5);
    const a = await siteFromManifest(store, (await store.readManifest('a'))!);
    expect(a.deps).toEqual({
      code: 'c1',
      files: {
        'index.html': ['site'],
        'sbsa/game/1/index.html': ['game:1'],
        'sbsa/game/2/index.html': ['game:2'],
        _redirects: ['paths'],
      },
    });
    expect(a.files.get('/_astro/app.js')?.blob.br).toBeDefined();
    // no gzip variant is stored: the server makes one for a client without brotli (decision 132)
    expect(a.files.get('/_astro/app.js')?.blob.gz).toBeUndefined();
    expect(blobFiles(store).filter((name) => name.endsWith('.gz'))).toEqual([]);
    expect(a.files.has('/_redirects')).toBe(false);
    expect(redirectFor(a, '/old')).toBe('/sbsa');
    expect(fileOn(a, '/sbsa/game/1/index.html')).toBe(fileOn(a, '/sbsa/game/2/index.html'));

    // game 2 changed (a render without the list of paths), the home page rendered again with the same bytes
    const second = await publish(
      store,
      'b',
      render(
        'c1',
        {
          'index.html': [['site'], page('home')],
          'sbsa/game/2/index.html': [['game:2', 'player:7'], page('game 2, 3:1')],
        },
        codeFiles,
        false,
      ),
      codeDir,
      a,
    );
    expect(second.written).toBe(1);
    expect(second.changed).toEqual(['sbsa/game/2/index.html']);
    const b = second.site;
    expect(b.files.get('/sbsa/game/1/index.html')!.blob.h).toBe(
      a.files.get('/sbsa/game/1/index.html')!.blob.h,
    );
    expect(readFileSync(fileOn(b, '/sbsa/game/2/index.html'), 'utf8')).toContain('3:1');
    expect(b.deps!.files).toEqual({
      'index.html': ['site'],
      'sbsa/game/1/index.html': ['game:1'],
      'sbsa/game/2/index.html': ['game:2', 'player:7'],
      _redirects: ['paths'],
    });
    // rollback: the previous manifest and its blobs are still whole
    const back = await siteFromManifest(store, (await store.readManifest('a'))!);
    expect(readFileSync(fileOn(back, '/sbsa/game/2/index.html'), 'utf8')).toContain('game 1');
  });

  it("lists the paths of its manifest sorted, with the live build's paths or new ones, in any order", async () => {
    dir = mkdtempSync(join(tmpdir(), 'sbsa-write-build-'));
    const store = new SiteStore(join(dir, 'builds'));
    const codeDir = codeFolder({ '_astro/site.css': 'a{}' });
    let live: LoadedSite | null = null;
    /** Publishes pages `names` (in that order) on top of the last build; its manifest's paths. */
    const paths = async (id: string, names: string[]) => {
      const pages = Object.fromEntries(
        names.map((n): [string, [string[], Buffer]] => [`${n}/index.html`, [['k'], page(id + n)]]),
      );
      const w = await publish(store, id, render('c1', pages, ['_astro/site.css']), codeDir, live);
      live = w.site;
      expect(Object.keys((await store.readManifest(id))!.files)).toEqual(
        Object.keys(w.manifest.files),
      );
      return Object.keys(w.manifest.files);
    };
    const css = '_astro/site.css';
    expect(await paths('a', ['y', 'x'])).toEqual([css, 'x/index.html', 'y/index.html']);
    // the live build's paths, listed in another order: the live build's order
    expect(await paths('b', ['y', 'x'])).toEqual([css, 'x/index.html', 'y/index.html']);
    // a new path: sorted among them
    expect(await paths('c', ['y', 'w', 'x'])).toEqual([
      css,
      'w/index.html',
      'x/index.html',
      'y/index.html',
    ]);
    // as many paths as the live build, one of them another
    expect(await paths('d', ['y', 'v', 'x'])).toEqual([
      css,
      'v/index.html',
      'x/index.html',
      'y/index.html',
    ]);
  });

  it('drops pages that are gone and refuses a page neither rendered nor in the live build', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sbsa-write-build-'));
    const store = new SiteStore(join(dir, 'builds'));
    const codeDir = codeFolder({});
    const first = await publish(
      store,
      'a',
      render('c1', { 'x/index.html': [['k'], page('x')], 'y/index.html': [['k'], page('y')] }, []),
      codeDir,
      null,
    );
    const second = await publish(
      store,
      'b',
      render('c1', { 'x/index.html': [['k']] }, []),
      codeDir,
      first.site,
    );
    expect([...second.site.files.keys()]).toEqual(['/x/index.html']);
    expect(second.removed).toEqual(['y/index.html']);
    await expect(
      writeBuild(
        store,
        'c',
        await renderedBuild(render('c1', { 'z/index.html': [['k']] }, []), codeDir, first.site),
        first.site,
      ),
    ).rejects.toThrow(/neither rendered nor in the live build/);
  });

  it('a process killed between writing the blobs and swapping live.json leaves the previous build live; collection removes only blobs no kept build names', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sbsa-write-build-'));
    const store = new SiteStore(join(dir, 'builds'));
    const codeDir = codeFolder({});
    const pages = (text: string) =>
      render(
        'c1',
        {
          'index.html': [['site'], page('home')],
          'sbsa/game/1/index.html': [['game:1'], page(text)],
        },
        [],
      );
    const a = await publish(store, 'a', pages('game 1 before'), codeDir, null);
    const beforeCrash = blobFiles(store);

    // a second process publishes build b with the crash hook armed: it dies before the switch
    const crashFile = join(dir, 'crash');
    writeFileSync(crashFile, '');
    const child = spawnSync(
      process.execPath,
      [
        join(import.meta.dirname, '../../../tests/helpers/publish-one-build.ts'),
        store.dir,
        codeDir,
      ],
      { env: { ...process.env, [CRASH_BEFORE_SWITCH_ENV]: crashFile }, encoding: 'utf8' },
    );
    expect(child.signal, child.stderr).toBe('SIGKILL');
    // it had written its blobs and its manifest
    expect(existsSync(store.manifestPath('b'))).toBe(true);
    expect(blobFiles(store).length).toBeGreaterThan(beforeCrash.length);

    // the next start: build a is still live, whole, and b's blobs go with the collection
    const pointer = await store.readPointer();
    expect(pointer).toEqual({ live: 'a', previous: null });
    const live = await siteFromManifest(store, (await store.readManifest(pointer.live!))!);
    expect(readFileSync(fileOn(live, '/sbsa/game/1/index.html'), 'utf8')).toContain(
      'game 1 before',
    );
    const collected = await store.collect([pointer.live, pointer.previous]);
    expect(collected).toEqual({ blobs: 1, builds: 1 });
    expect(blobFiles(store)).toEqual(beforeCrash);
    expect(existsSync(store.manifestPath('b'))).toBe(false);
    expect(a.site.id).toBe('a');
  });

  /** A store with one build, 'a', of a home page. */
  async function homeBuild() {
    dir = mkdtempSync(join(tmpdir(), 'sbsa-write-build-'));
    const store = new SiteStore(join(dir, 'builds'));
    const a = await publish(
      store,
      'a',
      render('c1', { 'index.html': [['site'], page('home')] }, []),
      codeFolder({}),
      null,
    );
    return { store, a };
  }

  it('collection stops when told: the blobs a publish is storing, named by no manifest yet, stay', async () => {
    const { store, a } = await homeBuild();
    const named = blobFiles(store);
    // what a renderer stored for the next build, before its manifest
    for (const n of [1, 2, 3]) await store.put(`sbsa/game/${n}/index.html`, page(`game ${n}`));
    const stored = blobFiles(store);
    expect(stored.length).toBeGreaterThan(named.length);
    const stop = new AbortController();
    stop.abort();
    expect(await store.collect([a.site.id], stop.signal)).toEqual({ blobs: 0, builds: 0 });
    expect(blobFiles(store)).toEqual(stored);
    // not stopped, it removes them
    expect((await store.collect([a.site.id])).blobs).toBe(3);
    expect(blobFiles(store)).toEqual(named);
  });

  it('collection takes the manifests it is given instead of reading them from disk', async () => {
    const { store, a } = await homeBuild();
    const named = blobFiles(store);
    expect(named.length).toBeGreaterThan(0);
    // a manifest on disk that cannot be read names nothing: only the one in memory keeps the blobs
    writeFileSync(store.manifestPath('a'), '{');
    expect(await store.collect(['a'], undefined, [a.site.manifest!])).toEqual({
      blobs: 0,
      builds: 0,
    });
    expect(blobFiles(store)).toEqual(named);
    expect((await store.collect(['a'])).blobs).toBeGreaterThan(0);
  });

  it("a blocking store (a renderer) writes the same blob files as the server's store", async () => {
    dir = mkdtempSync(join(tmpdir(), 'sbsa-write-build-'));
    const stores = [
      new SiteStore(join(dir, 'async')),
      new SiteStore(join(dir, 'blocking'), { blocking: true }),
    ];
    const entries = [];
    for (const store of stores) {
      const [a, b, again] = [
        await store.put('sbsa/a/index.html', page('가')),
        await store.put('sbsa/b/index.html', page('나')),
        await store.put('sbsa/c/index.html', page('가')),
      ];
      expect([a.written, b.written, again.written]).toEqual([true, true, false]);
      entries.push([a.entry, b.entry, again.entry]);
    }
    expect(entries[1]).toEqual(entries[0]);
    expect(blobFiles(stores[1])).toEqual(blobFiles(stores[0]));
    for (const name of blobFiles(stores[0])) {
      const hash = name.split('.')[0];
      const rel = join(hash.slice(0, 2), name);
      expect(readFileSync(join(stores[1].blobsDir, rel))).toEqual(
        readFileSync(join(stores[0].blobsDir, rel)),
      );
    }
    expect(
      readdirSync(join(stores[1].blobsDir), { recursive: true }).some((f) =>
        String(f).endsWith('.tmp'),
      ),
    ).toBe(false);
  });

  it('a build written without its data keys on disk keeps them in memory', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sbsa-write-build-'));
    const store = new SiteStore(join(dir, 'builds'));
    const codeDir = codeFolder({ 'favicon.svg': '<svg/>' });
    const r = render('c1', { 'index.html': [['site'], page('home')] }, ['favicon.svg']);
    const input = await renderedBuild(r, codeDir, null);
    const w = await writeBuild(store, 'a', input, null, { depsOnDisk: false });
    expect(w.site.deps?.files).toEqual({ 'index.html': ['site'] });
    const onDisk = (await store.readManifest('a'))!;
    expect(onDisk.deps).toBeUndefined();
    expect(onDisk.files).toEqual(w.manifest.files);
  });
});
