import { afterEach, describe, expect, it } from 'vitest';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { RenderResult } from './render-engine.ts';
import { DEPS_FILE, loadSite } from './static-site.ts';
import { writeBuild } from './write-build.ts';
import { redirectFor } from './redirects.ts';

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
    deps,
    codeFiles,
    ms: { paths: 0, render: 0 },
  };
}

describe('writeBuild', () => {
  it('writes rendered pages, links the rest from the live build, and writes the dependencies last', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sbsa-write-build-'));
    const codeDir = codeFolder({ '_astro/app.js': 'console.log(1)', 'favicon.svg': '<svg/>' });
    const codeFiles = ['_astro/app.js', 'favicon.svg'];
    const first = await writeBuild({
      id: 'a',
      dir: join(dir, 'a'),
      codeDir,
      live: null,
      render: render(
        'c1',
        {
          'index.html': [['site'], page('home')],
          'sbsa/game/1/index.html': [['game:1'], page('game 1')],
          'sbsa/game/2/index.html': [['game:2'], page('game 2')],
          _redirects: [['paths'], Buffer.from('/old /sbsa 301\n')],
        },
        codeFiles,
      ),
    });
    expect(existsSync(join(dir, 'a', DEPS_FILE))).toBe(false); // not whole before complete()
    await first.complete();
    const a = await loadSite('a', join(dir, 'a'));
    expect(a.deps).toEqual({
      code: 'c1',
      files: {
        'index.html': ['site'],
        'sbsa/game/1/index.html': ['game:1'],
        'sbsa/game/2/index.html': ['game:2'],
        _redirects: ['paths'],
      },
    });
    expect(a.files.has(`/${DEPS_FILE}`)).toBe(false);
    expect(a.files.get('/_astro/app.js')?.br).toBeDefined();
    expect(redirectFor(a, '/old')).toBe('/sbsa');
    expect(first.written).toBe(5);

    // game 2 changed (a render without the list of paths), the home page rendered again with the same bytes
    const second = await writeBuild({
      id: 'b',
      dir: join(dir, 'b'),
      codeDir,
      live: a,
      render: render(
        'c1',
        {
          'index.html': [['site'], page('home')],
          'sbsa/game/2/index.html': [['game:2', 'player:7'], page('game 2, 3:1')],
        },
        codeFiles,
        false,
      ),
    });
    expect(second.written).toBe(1);
    const b = second.site;
    expect(b.files.get('/sbsa/game/1/index.html')).toBe(a.files.get('/sbsa/game/1/index.html'));
    expect(b.files.get('/index.html')).toBe(a.files.get('/index.html'));
    expect(b.files.get('/sbsa/game/2/index.html')?.body.toString()).toContain('3:1');
    await second.complete();
    const linked = (rel: string) =>
      statSync(join(dir, 'a', rel)).ino === statSync(join(dir, 'b', rel)).ino;
    expect(linked('sbsa/game/1/index.html')).toBe(true);
    expect(linked('sbsa/game/1/index.html.br')).toBe(true);
    expect(linked('_astro/app.js')).toBe(true);
    expect(linked('sbsa/game/2/index.html')).toBe(false);
    expect(readFileSync(join(dir, 'b', 'sbsa/game/2/index.html'), 'utf8')).toContain('3:1');
    expect(JSON.parse(readFileSync(join(dir, 'b', DEPS_FILE), 'utf8')).files).toEqual({
      'index.html': ['site'],
      'sbsa/game/1/index.html': ['game:1'],
      'sbsa/game/2/index.html': ['game:2', 'player:7'],
      _redirects: ['paths'],
    });
  });

  it('drops pages that are gone and refuses a page neither rendered nor in the live build', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sbsa-write-build-'));
    const codeDir = codeFolder({});
    const first = await writeBuild({
      id: 'a',
      dir: join(dir, 'a'),
      codeDir,
      live: null,
      render: render(
        'c1',
        { 'x/index.html': [['k'], page('x')], 'y/index.html': [['k'], page('y')] },
        [],
      ),
    });
    await first.complete();
    const second = await writeBuild({
      id: 'b',
      dir: join(dir, 'b'),
      codeDir,
      live: first.site,
      render: render('c1', { 'x/index.html': [['k']] }, []),
    });
    expect([...second.site.files.keys()]).toEqual(['/x/index.html']);
    await expect(
      writeBuild({
        id: 'c',
        dir: join(dir, 'c'),
        codeDir,
        live: first.site,
        render: render('c1', { 'z/index.html': [['k']] }, []),
      }),
    ).rejects.toThrow(/neither rendered nor in the live build/);
  });
});
