import { afterEach, describe, expect, it } from 'vitest';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/database.ts';
import { lastChangeId, publishedUpTo } from './change-feed.ts';
import type { OpenedDatabase } from '../db/database.ts';
import { Publisher, msUntilSeoulMidnight } from './publisher.ts';
import type { PublisherOptions } from './publisher.ts';
import { diskPath, resolveFile } from './static-site.ts';

let dir: string;
let opened: OpenedDatabase;
let publisher: Publisher | undefined;

afterEach(async () => {
  await publisher?.stop();
  await opened?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A stand-in for astro build that writes one page carrying a version number. */
function pageBuilder(state: { version: number; fail: boolean; delayMs: number; builds: number }) {
  return async (outDir: string, signal: AbortSignal) => {
    state.builds++;
    const version = state.version;
    await new Promise((r) => {
      const timer = setTimeout(r, state.delayMs);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        r(null);
      });
    });
    if (signal.aborted) throw new Error('중단됨');
    if (state.fail) throw new Error('빌드 실패 (의도된 실패)');
    mkdirSync(join(outDir, 'sbsa'), { recursive: true });
    writeFileSync(join(outDir, 'index.html'), `<p>v${version}</p>`.repeat(100));
    writeFileSync(join(outDir, 'sbsa', 'index.html'), `<h1>v${version}</h1>`);
  };
}

function setup(state: Parameters<typeof pageBuilder>[0], options: Partial<PublisherOptions> = {}) {
  dir = mkdtempSync(join(tmpdir(), 'sbsa-pub-'));
  opened = openDatabase(join(dir, 'db.sqlite'));
  publisher = new Publisher({
    db: opened.db,
    dataDir: dir,
    dbFile: join(dir, 'db.sqlite'),
    debounceMs: 20,
    retryDelaysMs: [],
    build: pageBuilder(state),
    ...options,
  });
  return publisher;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const page = (p: Publisher) => {
  const file = p.site && resolveFile(p.site, '/sbsa');
  return file ? readFileSync(diskPath(p.site!, file, 'identity'), 'utf8') : undefined;
};

/** The home page in the folder a static server serves (`builds/live`), and the build it is of. */
const treePage = (p: Publisher) => ({
  build: p.trees.liveOnDisk(),
  text: readFileSync(join(p.trees.liveLink, 'sbsa/index.html'), 'utf8'),
});

/** Every blob file (with its variants) in the store. */
const blobFiles = (p: Publisher) =>
  readdirSync(p.store.blobsDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name)
    .sort();

describe('Publisher', () => {
  it('builds on start, precompresses, and records the run', async () => {
    const state = { version: 1, fail: false, delayMs: 5, builds: 0 };
    const p = setup(state);
    await p.start();
    await p.whenIdle();
    expect(page(p)).toBe('<h1>v1</h1>');
    expect(resolveFile(p.site!, '/')?.blob.br).toBeDefined();
    const runs = await opened.db.selectFrom('publish_runs').selectAll().execute();
    expect(runs).toMatchObject([{ status: 'success', pages: 2, reason: '첫 빌드' }]);
  });

  it('debounces a burst of changes into one build', async () => {
    const state = { version: 1, fail: false, delayMs: 5, builds: 0 };
    const p = setup(state);
    await p.start();
    await p.whenIdle();
    state.version = 2;
    for (let i = 0; i < 5; i++) p.markDirty(`change ${i}`);
    await p.whenIdle();
    expect(state.builds).toBe(2);
    expect(page(p)).toBe('<h1>v2</h1>');
  });

  it('builds again when data changed during a build', async () => {
    const state = { version: 1, fail: false, delayMs: 100, builds: 0 };
    const p = setup(state);
    await p.start();
    await new Promise((r) => setTimeout(r, 30)); // first build is running now
    state.version = 2;
    p.markDirty('write during build', 0);
    await p.whenIdle();
    expect(state.builds).toBe(2);
    expect(page(p)).toBe('<h1>v2</h1>');
  });

  it('keeps the live site when a build fails and records the error', async () => {
    const state = { version: 1, fail: false, delayMs: 5, builds: 0 };
    const p = setup(state);
    await p.start();
    await p.whenIdle();
    state.fail = true;
    state.version = 2;
    p.markDirty('broken');
    await p.whenIdle();
    expect(page(p)).toBe('<h1>v1</h1>');
    const failed = await opened.db
      .selectFrom('publish_runs')
      .selectAll()
      .where('status', '=', 'failed')
      .executeTakeFirstOrThrow();
    expect(failed.error).toContain('의도된 실패');
  });

  it('rolls back to the previous build and survives a restart', async () => {
    const state = { version: 1, fail: false, delayMs: 5, builds: 0 };
    const p = setup(state);
    await p.start();
    await p.whenIdle();
    state.version = 2;
    p.markDirty('v2');
    await p.whenIdle();
    expect(treePage(p)).toEqual({ build: p.site!.id, text: '<h1>v2</h1>' });
    expect(await p.rollback()).toBe(true);
    expect(page(p)).toBe('<h1>v1</h1>');
    expect(treePage(p)).toEqual({ build: p.site!.id, text: '<h1>v1</h1>' });
    await p.stop();
    const again = new Publisher({
      db: opened.db,
      dataDir: dir,
      dbFile: join(dir, 'db.sqlite'),
      build: pageBuilder(state),
    });
    publisher = again;
    await again.start();
    expect(page(again)).toBe('<h1>v1</h1>');
    expect(treePage(again)).toEqual({ build: again.site!.id, text: '<h1>v1</h1>' });
  });

  it('builds during a steady stream of changes no later than maxWaitMs after the first', async () => {
    const state = { version: 1, fail: false, delayMs: 5, builds: 0 };
    const p = setup(state, { debounceMs: 60, maxWaitMs: 150 });
    await p.start();
    await p.whenIdle();
    state.version = 2;
    const until = Date.now() + 500;
    while (Date.now() < until) {
      p.markDirty('steady');
      await sleep(20);
    }
    // a plain debounce would not have built yet: every change came within 60 ms of the last
    expect(state.builds).toBeGreaterThanOrEqual(3);
    expect(page(p)).toBe('<h1>v2</h1>');
    await p.whenIdle();
  });

  it('stores each content once: a build of the same bytes writes no blob; old blobs are collected', async () => {
    const state = { version: 1, fail: false, delayMs: 5, builds: 0 };
    const p = setup(state);
    await p.start();
    await p.whenIdle();
    const first = p.site!;
    const blobs = blobFiles(p);
    // index.html (compressible: .br beside it, no .gz) and sbsa/index.html (too small to compress)
    expect(blobs).toHaveLength(3);
    expect(blobs.filter((name) => name.endsWith('.gz'))).toEqual([]);
    p.markDirty('no change', 0);
    await p.whenIdle();
    const second = p.site!;
    expect(second.id).not.toBe(first.id);
    expect(second.files.get('/index.html')!.blob.h).toBe(first.files.get('/index.html')!.blob.h);
    expect(blobFiles(p)).toEqual(blobs);
    expect(p.status().lastBuild).toMatchObject({ build: second.id });
    // two new versions: the first version's blobs are named by no kept build (live, previous)
    for (const version of [2, 3]) {
      state.version = version;
      p.markDirty(`v${version}`, 0);
      await p.whenIdle();
    }
    const kept = [p.status().live!, p.status().previous!];
    const named = new Set<string>();
    for (const id of kept)
      for (const f of Object.values(
        JSON.parse(readFileSync(p.store.manifestPath(id), 'utf8')).files as Record<
          string,
          { h: string }
        >,
      ))
        named.add(f.h);
    // collection runs in the background after the switch
    await expect
      .poll(() => new Set(blobFiles(p).map((name) => name.split('.')[0])), { timeout: 10_000 })
      .toEqual(named);
    expect(existsSync(p.store.manifestPath(first.id))).toBe(false);
    expect(page(p)).toBe('<h1>v3</h1>');
    // the trees of the live and previous builds, and one spare for the next build to take
    const trees = readdirSync(p.trees.dir).filter((name) => !name.startsWith('.'));
    expect(trees).toEqual(expect.arrayContaining(kept));
    expect(trees.length).toBeLessThanOrEqual(3);
    expect(treePage(p)).toEqual({ build: p.site!.id, text: '<h1>v3</h1>' });
  });

  it('compresses at start what the last process left without brotli, and links it into the live tree', async () => {
    const state = { version: 1, fail: false, delayMs: 5, builds: 0 };
    const p = setup(state);
    await p.start();
    await p.whenIdle();
    const id = p.site!.id;
    await p.stop();
    // the state a stop leaves while a large render's files wait for their brotli (decision 140)
    const manifest = JSON.parse(readFileSync(p.store.manifestPath(id), 'utf8'));
    const entry = manifest.files['index.html'];
    delete entry.br;
    writeFileSync(p.store.manifestPath(id), JSON.stringify(manifest));
    rmSync(p.store.blobPath(entry.h, 'br'));
    rmSync(join(p.trees.treeDir(id), 'index.html.br'));
    const again = new Publisher({
      db: opened.db,
      dataDir: dir,
      dbFile: join(dir, 'db.sqlite'),
      build: pageBuilder(state),
    });
    publisher = again;
    await again.start();
    await again.compressed();
    expect(again.status().compressing).toBe(0);
    expect(again.site!.files.get('/index.html')!.blob.br).toBeGreaterThan(0);
    const linked = statSync(join(again.trees.liveLink, 'index.html.br'));
    expect(linked.ino).toBe(statSync(again.store.blobPath(entry.h, 'br')).ino);
    expect(state.builds).toBe(1);
  });

  it('marks runs left running by a crash as failed when it starts', async () => {
    const state = { version: 1, fail: false, delayMs: 5, builds: 0 };
    const p = setup(state);
    await opened.db
      .insertInto('publish_runs')
      .values({ reason: 'crashed', started_at: '2026-01-01T00:00:00.000Z', status: 'running' })
      .execute();
    await p.start();
    await p.whenIdle();
    const crashed = await opened.db
      .selectFrom('publish_runs')
      .selectAll()
      .where('reason', '=', 'crashed')
      .executeTakeFirstOrThrow();
    expect(crashed.status).toBe('failed');
    expect(crashed.error).toContain('interrupted');
  });

  it('publishes at start what the last process saved but did not publish', async () => {
    const state = { version: 1, fail: false, delayMs: 5, builds: 0 };
    const p = setup(state);
    await p.start();
    await p.whenIdle();
    await p.stop();
    const restart = () =>
      new Publisher({
        db: opened.db,
        dataDir: dir,
        dbFile: join(dir, 'db.sqlite'),
        retryDelaysMs: [],
        build: pageBuilder(state),
      });
    // nothing changed: no build at start
    publisher = restart();
    await publisher.start();
    await publisher.whenIdle();
    expect(state.builds).toBe(1);
    await publisher.stop();
    // a change committed with no publisher running (its build never ran): built at start, from
    // the change record, and marked published once live
    await opened.db.insertInto('league_main').values({ path: 'sbsa', name: '협회' }).execute();
    expect(await publishedUpTo(opened.db)).toBeLessThan(await lastChangeId(opened.db));
    state.version = 2;
    publisher = restart();
    await publisher.start();
    expect(page(publisher)).toBe('<h1>v1</h1>'); // the live build is served at once
    await publisher.whenIdle();
    expect(state.builds).toBe(2);
    expect(page(publisher)).toBe('<h1>v2</h1>');
    expect(await publishedUpTo(opened.db)).toBe(await lastChangeId(opened.db));
    const runs = await opened.db
      .selectFrom('publish_runs')
      .select('reason')
      .orderBy('id')
      .execute();
    expect(runs.at(-1)?.reason).toBe('변경 기록 1건 (league_main)');
  });

  it('publishes a change another process committed, seen by its poll, and marks it only once live', async () => {
    const state = { version: 1, fail: false, delayMs: 5, builds: 0 };
    const p = setup(state, { pollMs: 50 });
    await p.start();
    await p.whenIdle();
    expect(state.builds).toBe(1);
    // another connection to the file, as the import script or a second process has
    const other = openDatabase(join(dir, 'db.sqlite'));
    try {
      state.fail = true;
      await other.db.insertInto('league_main').values({ path: 'sbsa', name: '협회' }).execute();
      const written = await lastChangeId(other.db);
      for (let i = 0; i < 100 && state.builds < 2; i++) await sleep(20);
      await p.whenIdle();
      // the build failed: the change is not marked, a restart would publish it
      expect(await publishedUpTo(opened.db)).toBeLessThan(written);
      state.fail = false;
      await other.db.updateTable('league_main').set({ name: '대한소프트볼협회' }).execute();
      for (let i = 0; i < 100 && (await publishedUpTo(opened.db)) < written + 1; i++)
        await sleep(20);
      expect(await publishedUpTo(opened.db)).toBe(written + 1);
      expect(page(p)).toBe(`<h1>v${state.version}</h1>`);
      // an update that changes no column leaves no row and starts no build
      const builds = state.builds;
      await other.db.updateTable('league_main').set({ name: '대한소프트볼협회' }).execute();
      expect(await lastChangeId(opened.db)).toBe(written + 1);
      await sleep(150);
      await p.whenIdle();
      expect(state.builds).toBe(builds);
    } finally {
      await other.close();
    }
  });

  it('retries a failed build by itself', async () => {
    const state = { version: 1, fail: true, delayMs: 5, builds: 0 };
    const p = setup(state, { retryDelaysMs: [50] });
    await p.start();
    await p.whenIdle();
    expect(p.site).toBeNull();
    state.fail = false;
    for (let i = 0; i < 50 && !p.site; i++) await sleep(20);
    expect(page(p)).toBe('<h1>v1</h1>');
    await p.whenIdle(); // the site switches before its run is recorded as a success
    const runs = await opened.db
      .selectFrom('publish_runs')
      .select(['status', 'reason'])
      .orderBy('id')
      .execute();
    expect(runs).toEqual([
      { status: 'failed', reason: '첫 빌드' },
      { status: 'success', reason: '재시도 1 (빌드 실패 후)' },
    ]);
  });

  it('stops a running build when it stops, and records it as failed', async () => {
    const state = { version: 1, fail: false, delayMs: 10_000, builds: 0 };
    const p = setup(state);
    await p.start();
    // the build under way (a fixed pause could end before it began on a loaded machine)
    for (let i = 0; i < 500 && state.builds === 0; i++) await sleep(10);
    expect(state.builds).toBe(1);
    const started = Date.now();
    await p.stop();
    expect(Date.now() - started).toBeLessThan(2000);
    const run = await opened.db.selectFrom('publish_runs').selectAll().executeTakeFirstOrThrow();
    expect(run.status).toBe('failed');
    expect(run.error).toContain('서버를 멈추느라');
  });

  it('knows when midnight comes in Seoul', () => {
    expect(msUntilSeoulMidnight(Date.parse('2026-03-01T14:59:00Z'))).toBe(60_000); // 23:59 KST
    expect(msUntilSeoulMidnight(Date.parse('2026-03-01T15:00:00Z'))).toBe(24 * 3600_000);
  });
});
