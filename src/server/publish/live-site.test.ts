import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/database.ts';
import type { OpenedDatabase } from '../db/database.ts';
import { Publisher } from './publisher.ts';
import { LiveSite } from './live-site.ts';
import { SiteStore } from './site-store.ts';
import { diskPath, resolveFile } from './static-site.ts';
import type { LoadedSite } from './static-site.ts';

let dir: string;
let opened: OpenedDatabase;
let publisher: Publisher;
let follower: LiveSite | undefined;
const state = { version: 1 };

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sbsa-live-site-'));
  opened = openDatabase(join(dir, 'sbsa.sqlite'));
  state.version = 1;
  // the publishing node: the real publisher with a stand-in for the renderer
  publisher = new Publisher({
    db: opened.db,
    dataDir: dir,
    dbFile: join(dir, 'sbsa.sqlite'),
    debounceMs: 10,
    retryDelaysMs: [],
    dailyRebuild: false,
    build: async (outDir) => {
      mkdirSync(join(outDir, 'sbsa'), { recursive: true });
      writeFileSync(join(outDir, 'index.html'), `<p>v${state.version}</p>`.repeat(100));
      writeFileSync(join(outDir, 'sbsa', 'index.html'), `<h1>v${state.version}</h1>`);
    },
  });
});
afterEach(async () => {
  follower?.stop();
  follower = undefined;
  await publisher.stop();
  await opened.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The shared folder's builds, counting the manifests read from them. */
class CountingStore extends SiteStore {
  manifestsRead = 0;
  override readManifest(id: string) {
    this.manifestsRead++;
    return super.readManifest(id);
  }
}

const page = (site: LoadedSite | null) => {
  const file = site && resolveFile(site, '/sbsa');
  return file ? readFileSync(diskPath(site!, file, 'identity'), 'utf8') : undefined;
};

async function publish(version: number) {
  state.version = version;
  publisher.markDirty(`v${version}`, 0);
  await publisher.whenIdle();
}

describe('LiveSite', () => {
  it('serves the build another node switched live, after its next look', async () => {
    await publisher.start();
    await publisher.whenIdle();
    // another node: no publisher of its own, the same shared folder
    follower = new LiveSite({ store: new SiteStore(join(dir, 'builds')), pollMs: 20 });
    await follower.start();
    expect(follower.site?.id).toBe(publisher.site!.id);
    expect(page(follower.site)).toBe('<h1>v1</h1>');
    await publish(2);
    const switched = Date.now();
    while (follower.site?.id !== publisher.site!.id && Date.now() - switched < 2000)
      await new Promise((r) => setTimeout(r, 5));
    expect(follower.site?.id).toBe(publisher.site!.id);
    expect(page(follower.site)).toBe('<h1>v2</h1>');
    // a rollback is a switch like any other
    await publisher.rollback();
    await follower.look();
    expect(page(follower.site)).toBe('<h1>v1</h1>');
  });

  it("never loads on the publishing node: its publisher's build is served as it is", async () => {
    await publisher.start();
    await publisher.whenIdle();
    const store = new CountingStore(join(dir, 'builds'));
    follower = new LiveSite({ store, local: () => publisher.site, pollMs: 10 });
    await follower.start();
    expect(follower.site).toBe(publisher.site);
    await publish(2);
    // at once, before any look, and after several
    expect(follower.site).toBe(publisher.site);
    await new Promise((r) => setTimeout(r, 60));
    expect(follower.site).toBe(publisher.site);
    expect(page(follower.site)).toBe('<h1>v2</h1>');
    expect(store.manifestsRead).toBe(0);
  });

  it('is null while no build is live, and picks the first one up', async () => {
    follower = new LiveSite({ store: new SiteStore(join(dir, 'builds')), pollMs: 10 });
    await follower.start();
    expect(follower.site).toBeNull();
    await publisher.start();
    await publisher.whenIdle();
    await follower.look();
    expect(page(follower.site)).toBe('<h1>v1</h1>');
  });

  it('takes a brotli variant made after the build was loaded', async () => {
    const store = new SiteStore(join(dir, 'builds'));
    const body = Buffer.from(`<h1>${'큰 페이지 '.repeat(200)}</h1>`);
    // stored as a large render stores its pages: without the variant (decision 140)
    const { entry } = await store.put('sbsa/index.html', body, undefined, { brotli: false });
    await store.writeManifest({ id: 'b1', created: '', files: { 'sbsa/index.html': entry } });
    await store.writePointer({ live: 'b1', previous: null });
    follower = new LiveSite({ store, pollMs: 10_000 });
    await follower.start();
    const file = () => resolveFile(follower!.site!, '/sbsa')!;
    expect(file().blob.br).toBeUndefined();
    await store.compress({ ...entry });
    await follower.look();
    expect(file().blob.br).toBeGreaterThan(0);
    expect(file().blob.br).toBeLessThan(body.length);
  });
});
