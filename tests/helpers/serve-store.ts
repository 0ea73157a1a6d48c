/**
 * node tests/helpers/serve-store.ts <store dir> <cache MB> — serves the live build of a site store
 * with the server's own serving stack (src/server/index.ts: the fast path on node's request, then
 * Hono with `serveSite` for the rest, one bounded FileCache), without the database and renderer
 * the full server starts. Prints `{"port":N}` once listening.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { FileCache } from '../../src/server/publish/file-cache.ts';
import { nodeListener, serveSite, siteFastPath } from '../../src/server/publish/serve-site.ts';
import { SiteStore } from '../../src/server/publish/site-store.ts';
import { siteFromManifest } from '../../src/server/publish/static-site.ts';

const [storeDir, cacheMb] = process.argv.slice(2);
const store = new SiteStore(storeDir);
const { live } = await store.readPointer();
const site = await siteFromManifest(store, (await store.readManifest(live!))!);
const cache = new FileCache(Number(cacheMb) * 1024 * 1024);
const app = new Hono();
app.all(
  '*',
  serveSite(() => site, cache),
);
const server = createServer(nodeListener(app.fetch, [siteFastPath(() => site, cache)]));
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
