import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addressOf, loadSite, resolveFile, siteFromManifest } from './static-site.ts';
import { SiteStore } from './site-store.ts';
import { folderBuild, writeBuild } from './write-build.ts';
import { redirectFor } from './redirects.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sbsa-static-site-'));
  mkdirSync(join(dir, 'sbsa', 'season', '1', 'result', 'game', '4', '9'), { recursive: true });
  writeFileSync(join(dir, 'sbsa', 'index.html'), '<h1>리그 홈</h1>'.repeat(50));
  writeFileSync(
    join(dir, 'sbsa', 'season', '1', 'result', 'game', '4', '9', 'index.html'),
    '<h1>경기</h1>'.repeat(50),
  );
  writeFileSync(
    join(dir, '_redirects'),
    '# past seasons\n/sbsa/result/game/4/* /sbsa/season/1/result/game/4/:splat 301\n'.padEnd(
      600,
      '#',
    ),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('build folders with _redirects', () => {
  it('a stored build reads the rules and neither serves nor compresses the file', async () => {
    const store = new SiteStore(join(dir, '..', `${dir.split('/').pop()}-store`));
    try {
      const { manifest } = await writeBuild(store, 'b1', await folderBuild(dir), null);
      expect(manifest.files._redirects.br).toBeUndefined();
      const site = await siteFromManifest(store, manifest);
      expect(site.pages).toBe(2);
      expect(site.files.has('/_redirects')).toBe(false);
      expect(resolveFile(site, '/_redirects')).toBeUndefined();
      expect(redirectFor(site, '/sbsa/result/game/4/9')).toBe('/sbsa/season/1/result/game/4/9');
    } finally {
      rmSync(store.dir, { recursive: true, force: true });
    }
  });

  it('a folder served in place reads the rules and does not serve the file', async () => {
    const site = await loadSite('b0', dir);
    expect(site.pages).toBe(2);
    expect(site.files.has('/_redirects')).toBe(false);
    expect(existsSync(join(dir, '_redirects.br'))).toBe(false);
    expect(redirectFor(site, '/sbsa/result/game/4/9')).toBe('/sbsa/season/1/result/game/4/9');
    expect(resolveFile(site, redirectFor(site, '/sbsa/result/game/4/9')!)).toBeDefined();
  });

  it('loadSite reads the same rules back; a build without the file has none', async () => {
    const site = await loadSite('b1', dir);
    expect(site.files.has('/_redirects')).toBe(false);
    expect(site.redirects.size).toBe(1);
    expect(redirectFor(site, '/sbsa/result/game/4/10/')).toBe('/sbsa/season/1/result/game/4/10/');
    rmSync(join(dir, '_redirects'));
    const bare = await loadSite('b2', dir);
    expect(bare.redirects.size).toBe(0);
    expect(redirectFor(bare, '/sbsa/result/game/4/9')).toBeUndefined();
  });

  it('a build that follows another keeps the entries of the files whose blob did not change', async () => {
    const store = new SiteStore(join(dir, '..', `${dir.split('/').pop()}-store2`));
    try {
      const first = await writeBuild(store, 'b1', await folderBuild(dir), null);
      const home = join(dir, 'sbsa', 'index.html');
      writeFileSync(home, '<h1>리그 홈 (새 결과)</h1>'.repeat(50));
      const next = await writeBuild(store, 'b2', await folderBuild(dir), first.site);
      const box = '/sbsa/season/1/result/game/4/9/index.html';
      // the same object: headers and cached bytes kept beside it stay with it
      expect(next.site.files.get(box)).toBe(first.site.files.get(box));
      expect(next.site.files.get('/sbsa/index.html')).not.toBe(
        first.site.files.get('/sbsa/index.html'),
      );
      expect(next.site.files.get('/sbsa/index.html')!.blob.h).not.toBe(
        first.site.files.get('/sbsa/index.html')!.blob.h,
      );
      // read from its manifest alone (a restart, a rollback), the build has equal entries
      const fresh = await siteFromManifest(store, next.manifest);
      expect(fresh.files.get(box)).toEqual(next.site.files.get(box));
    } finally {
      rmSync(store.dir, { recursive: true, force: true });
    }
  });
});

describe('addressOf', () => {
  it('gives each file the address resolveFile takes it back from, and none to _redirects', async () => {
    const site = await loadSite('folder', dir);
    for (const rel of ['sbsa/index.html', 'sbsa/season/1/result/game/4/9/index.html']) {
      const address = addressOf(rel)!;
      expect(address.endsWith('index.html')).toBe(false);
      expect(resolveFile(site, address)).toBe(site.files.get(`/${rel}`));
    }
    expect(addressOf('index.html')).toBe('/');
    expect(addressOf('_astro/app.Bx1.js')).toBe('/_astro/app.Bx1.js');
    expect(addressOf('sbsa/팀/index.html')).toBe('/sbsa/%ED%8C%80');
    expect(addressOf('_redirects')).toBeNull();
  });
});
