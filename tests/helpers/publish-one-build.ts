/**
 * node tests/helpers/publish-one-build.ts <store dir> <code dir> — publishes build "b" (game 1's
 * page changed) on top of the live build of a site store, as the publisher does: blobs, manifest,
 * then the swap of live.json. write-build.test.ts runs it with the crash hook armed
 * (SBSA_CRASH_BEFORE_SWITCH_FILE), so the process dies between the manifest and the swap.
 */
import { SiteStore } from '../../src/server/publish/site-store.ts';
import { siteFromManifest } from '../../src/server/publish/static-site.ts';
import { renderedBuild, writeBuild } from '../../src/server/publish/write-build.ts';

const [storeDir, codeDir] = process.argv.slice(2);
const store = new SiteStore(storeDir);
const pointer = await store.readPointer();
const live = await siteFromManifest(store, (await store.readManifest(pointer.live!))!);
const body = Buffer.from('<!doctype html><p>game 1 after the crash</p>'.padEnd(400, ' '));
const input = await renderedBuild(
  {
    code: live.deps!.code,
    paths: null,
    rendered: new Map([['sbsa/game/1/index.html', body]]),
    stored: new Map(),
    deps: new Map([['sbsa/game/1/index.html', ['game:1']]]),
    codeFiles: [],
    ms: { paths: 0, render: 0 },
  },
  codeDir,
  live,
);
await writeBuild(store, 'b', input, live);
await store.writePointer({ live: 'b', previous: live.id });
