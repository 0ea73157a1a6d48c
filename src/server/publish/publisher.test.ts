import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/database.ts';
import type { OpenedDatabase } from '../db/database.ts';
import { Publisher } from './publisher.ts';
import { resolveFile } from './static-site.ts';

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
  return async (outDir: string) => {
    state.builds++;
    const version = state.version;
    await new Promise((r) => setTimeout(r, state.delayMs));
    if (state.fail) throw new Error('빌드 실패 (의도된 실패)');
    mkdirSync(join(outDir, 'sbsa'), { recursive: true });
    writeFileSync(join(outDir, 'index.html'), `<p>v${version}</p>`.repeat(100));
    writeFileSync(join(outDir, 'sbsa', 'index.html'), `<h1>v${version}</h1>`);
  };
}

function setup(state: Parameters<typeof pageBuilder>[0]) {
  dir = mkdtempSync(join(tmpdir(), 'sbsa-pub-'));
  opened = openDatabase(join(dir, 'db.sqlite'));
  publisher = new Publisher({ db: opened.db, dataDir: dir, dbFile: join(dir, 'db.sqlite'), debounceMs: 20, build: pageBuilder(state) });
  return publisher;
}

const page = (p: Publisher) => p.site && resolveFile(p.site, '/sbsa')?.body.toString();

describe('Publisher', () => {
  it('builds on start, precompresses, and records the run', async () => {
    const state = { version: 1, fail: false, delayMs: 5, builds: 0 };
    const p = setup(state);
    await p.start();
    await p.whenIdle();
    expect(page(p)).toBe('<h1>v1</h1>');
    expect(resolveFile(p.site!, '/')?.br).toBeDefined();
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
    const failed = await opened.db.selectFrom('publish_runs').selectAll().where('status', '=', 'failed').executeTakeFirstOrThrow();
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
    expect(await p.rollback()).toBe(true);
    expect(page(p)).toBe('<h1>v1</h1>');
    await p.stop();
    const again = new Publisher({ db: opened.db, dataDir: dir, dbFile: join(dir, 'db.sqlite'), build: pageBuilder(state) });
    publisher = again;
    await again.start();
    expect(page(again)).toBe('<h1>v1</h1>');
  });
});
