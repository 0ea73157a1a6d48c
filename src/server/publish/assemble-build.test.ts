import { afterEach, describe, expect, it } from 'vitest';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { assembleSite } from './assemble-build.ts';
import type { LoadedSite } from './static-site.ts';

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

const keys = (entries: Record<string, string>) => new Map(Object.entries(entries));
const page = (text: string) => `<!doctype html><h1>${text}</h1>${'<p>기록</p>'.repeat(100)}`;

/** Writes files into the work folder, dated `at` (ms). */
function put(work: string, files: Record<string, string>, at: number) {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(work, rel)), { recursive: true });
    writeFileSync(join(work, rel), text);
    utimesSync(join(work, rel), at / 1000, at / 1000);
  }
}

describe('assembleSite', () => {
  it('links reused pages from the base build, copies and compresses written ones, drops removed ones', async () => {
    root = mkdtempSync(join(tmpdir(), 'sbsa-assemble-'));
    const work = join(root, 'work');
    const t1 = Date.now() - 60_000;
    // build 1: every file written
    put(
      work,
      {
        'index.html': page('홈'),
        'sbsa/a/index.html': page('A'),
        'sbsa/b/index.html': page('B'),
        'sbsa/gone/index.html': page('없어질 쪽'),
      },
      t1 + 10,
    );
    const first = await assembleSite({
      id: 'b1',
      dir: join(root, 'b1'),
      workDir: work,
      startedMs: t1,
      cachedOutputs: new Map(),
      previousOutputs: new Map(),
      base: null,
    });
    expect(first).toMatchObject({ written: 4, reused: 0, compressed: 4, removed: 0 });
    await first.complete();
    expect(first.site.pages).toBe(4);

    // build 2: A re-rendered with new content, B reused, "gone" no longer a page, a new asset
    const t2 = Date.now();
    put(
      work,
      { 'sbsa/a/index.html': page('A 새 기록'), '_astro/app.123.js': 'console.log(1);'.repeat(50) },
      t2 + 10,
    );
    const second = await assembleSite({
      id: 'b2',
      dir: join(root, 'b2'),
      workDir: work,
      startedMs: t2,
      // A's key changed (rendered), B's and the home's did not (reused)
      cachedOutputs: keys({
        'index.html': 'k',
        'sbsa/a/index.html': 'a2',
        'sbsa/b/index.html': 'b',
      }),
      previousOutputs: keys({
        'index.html': 'k',
        'sbsa/a/index.html': 'a1',
        'sbsa/b/index.html': 'b',
        'sbsa/gone/index.html': 'g',
      }),
      base: first.site,
    });
    expect(second).toMatchObject({ written: 2, reused: 2, compressed: 2, removed: 1 });
    // the site in memory is whole before the reused files are on disk
    expect(second.site.files.get('/sbsa/b/index.html')).toBeDefined();
    expect(existsSync(join(root, 'b2/sbsa/b/index.html'))).toBe(false);
    await second.complete();
    expect(existsSync(join(work, 'sbsa/gone/index.html'))).toBe(false);
    expect(existsSync(join(root, 'b2/sbsa/gone/index.html'))).toBe(false);
    const b = second.site.files.get('/sbsa/b/index.html')!;
    expect(b).toBe(first.site.files.get('/sbsa/b/index.html'));
    expect(statSync(join(root, 'b2/sbsa/b/index.html')).ino).toBe(
      statSync(join(root, 'b1/sbsa/b/index.html')).ino,
    );
    expect(statSync(join(root, 'b2/sbsa/b/index.html.br')).ino).toBe(
      statSync(join(root, 'b1/sbsa/b/index.html.br')).ino,
    );
    const a = second.site.files.get('/sbsa/a/index.html')!;
    expect(a.body.toString()).toContain('A 새 기록');
    expect(
      brotliDecompressSync(readFileSync(join(root, 'b2/sbsa/a/index.html.br'))).toString(),
    ).toContain('A 새 기록');

    // a later build writes the work folder in place: earlier build folders never change
    put(
      work,
      { 'sbsa/b/index.html': page('B 바뀜'), 'sbsa/a/index.html': page('A 또 바뀜') },
      Date.now() + 10,
    );
    expect(readFileSync(join(root, 'b2/sbsa/b/index.html'), 'utf8')).toContain('<h1>B</h1>');
    expect(readFileSync(join(root, 'b2/sbsa/a/index.html'), 'utf8')).toContain('A 새 기록');
    expect(readFileSync(join(root, 'b1/sbsa/a/index.html'), 'utf8')).toContain('<h1>A</h1>');
  });

  it('with the outputs Astro logged, lists the work folder from the base build without walking it', async () => {
    root = mkdtempSync(join(tmpdir(), 'sbsa-assemble-'));
    const work = join(root, 'work');
    const t1 = Date.now() - 60_000;
    put(
      work,
      {
        'index.html': page('홈'),
        'sbsa/a/index.html': page('A'),
        'sbsa/gone/index.html': page('없어질 쪽'),
      },
      t1 + 10,
    );
    const first = await assembleSite({
      id: 'b1',
      dir: join(root, 'b1'),
      workDir: work,
      startedMs: t1,
      cachedOutputs: new Map(),
      previousOutputs: new Map(),
      base: null,
    });
    await first.complete();
    const t2 = Date.now();
    // this build: A rendered (logged), a new bundle; a file nobody logged is not taken
    put(
      work,
      {
        'sbsa/a/index.html': page('A 새 기록'),
        '_astro/app.456.js': 'console.log(2);'.repeat(50),
        'stray/index.html': page('?'),
      },
      t2 + 10,
    );
    const second = await assembleSite({
      id: 'b2',
      dir: join(root, 'b2'),
      workDir: work,
      startedMs: t2,
      cachedOutputs: keys({ 'index.html': 'k', 'sbsa/a/index.html': 'a2' }),
      previousOutputs: keys({
        'index.html': 'k',
        'sbsa/a/index.html': 'a1',
        'sbsa/gone/index.html': 'g',
      }),
      base: first.site,
      outputs: ['sbsa/a/index.html', 'index.html'],
    });
    expect(second).toMatchObject({ written: 2, reused: 1, removed: 1 });
    expect([...second.site.files.keys()].sort()).toEqual([
      '/_astro/app.456.js',
      '/index.html',
      '/sbsa/a/index.html',
    ]);
    expect(second.site.files.get('/sbsa/a/index.html')!.body.toString()).toContain('A 새 기록');
    expect(existsSync(join(work, 'sbsa/gone/index.html'))).toBe(false);
  });

  it('without a trusted base, compares written bytes with the live build instead', async () => {
    root = mkdtempSync(join(tmpdir(), 'sbsa-assemble-'));
    const work = join(root, 'work');
    const t1 = Date.now() - 60_000;
    put(work, { 'index.html': page('홈') }, t1 + 10);
    const live: LoadedSite = (
      await assembleSite({
        id: 'b1',
        dir: join(root, 'b1'),
        workDir: work,
        startedMs: t1,
        cachedOutputs: new Map(),
        previousOutputs: new Map(),
        base: null,
      })
    ).site;
    const t2 = Date.now();
    const next = await assembleSite({
      id: 'b2',
      dir: join(root, 'b2'),
      workDir: work,
      startedMs: t2,
      cachedOutputs: keys({ 'index.html': 'k' }),
      previousOutputs: keys({ 'index.html': 'k' }),
      base: null,
      compare: live,
    });
    expect(next).toMatchObject({ written: 1, reused: 0, compressed: 0 });
    expect(next.site.files.get('/index.html')).toBe(live.files.get('/index.html'));
    expect(statSync(join(root, 'b2/index.html.br')).ino).toBe(
      statSync(join(root, 'b1/index.html.br')).ino,
    );
  });

  it('writes a reused file from memory when the base folder lost it', async () => {
    root = mkdtempSync(join(tmpdir(), 'sbsa-assemble-'));
    const work = join(root, 'work');
    const t1 = Date.now() - 60_000;
    put(work, { 'index.html': page('홈') }, t1 + 10);
    const first = await assembleSite({
      id: 'b1',
      dir: join(root, 'b1'),
      workDir: work,
      startedMs: t1,
      cachedOutputs: new Map(),
      previousOutputs: new Map(),
      base: null,
    });
    await first.complete();
    rmSync(join(root, 'b1/index.html.br'));
    const next = await assembleSite({
      id: 'b2',
      dir: join(root, 'b2'),
      workDir: work,
      startedMs: Date.now(),
      cachedOutputs: keys({ 'index.html': 'k' }),
      previousOutputs: keys({ 'index.html': 'k' }),
      base: first.site,
    });
    await next.complete();
    expect(brotliDecompressSync(readFileSync(join(root, 'b2/index.html.br'))).toString()).toContain(
      '홈',
    );
  });

  it("puts the build's _redirects into the folder and its rules into memory, not among the served files", async () => {
    root = mkdtempSync(join(tmpdir(), 'sbsa-assemble-'));
    const work = join(root, 'work');
    const t1 = Date.now() - 60_000;
    const rules = '# rules\n/sbsa/result/game/1/* /sbsa/season/1/result/game/1/:splat 301\n'.padEnd(
      400,
      '#',
    );
    put(work, { 'index.html': page('홈'), _redirects: rules }, t1 + 10);
    const first = await assembleSite({
      id: 'b1',
      dir: join(root, 'b1'),
      workDir: work,
      startedMs: t1,
      cachedOutputs: new Map(),
      previousOutputs: new Map(),
      base: null,
    });
    await first.complete();
    expect(readFileSync(join(root, 'b1/_redirects'), 'utf8')).toBe(rules);
    expect(existsSync(join(root, 'b1/_redirects.br'))).toBe(false);
    expect(first.site.files.has('/_redirects')).toBe(false);
    expect(first.site.redirects.prefix.get('/sbsa/result/game/1')?.to).toBe(
      '/sbsa/season/1/result/game/1/:splat',
    );

    // the next build writes new rules; a build that writes none has none
    const t2 = Date.now();
    put(
      work,
      { _redirects: '/sbsa/schedule/league/2 /sbsa/season/1/schedule/league/2 301\n' },
      t2 + 10,
    );
    const second = await assembleSite({
      id: 'b2',
      dir: join(root, 'b2'),
      workDir: work,
      startedMs: t2,
      cachedOutputs: keys({ 'index.html': 'k' }),
      previousOutputs: keys({ 'index.html': 'k' }),
      base: first.site,
    });
    await second.complete();
    expect([...second.site.redirects.exact.keys()]).toEqual(['/sbsa/schedule/league/2']);
    expect(second.site.redirects.prefix.size).toBe(0);
    const third = await assembleSite({
      id: 'b3',
      dir: join(root, 'b3'),
      workDir: work,
      startedMs: Date.now() + 60_000,
      cachedOutputs: keys({ 'index.html': 'k' }),
      previousOutputs: keys({ 'index.html': 'k' }),
      base: second.site,
    });
    expect(third.site.redirects.size).toBe(0);
    expect(existsSync(join(work, '_redirects'))).toBe(false);
  });
});
