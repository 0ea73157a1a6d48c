import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSite } from './site.ts';
import type { SiteUnderTest } from './site.ts';

let site: SiteUnderTest;
beforeAll(async () => {
  site = await openSite();
});
afterAll(async () => {
  await site?.close();
});

const decodeEntities = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"');

/** Links and sources in a page: href and src attributes that stay on this site. */
function internalLinks(html: string, from: string, origin: string): URL[] {
  const out: URL[] = [];
  for (const match of html.matchAll(/\s(?:href|src)="([^"]*)"/g)) {
    const raw = decodeEntities(match[1]);
    if (/^(mailto:|tel:|data:|javascript:)/i.test(raw)) continue;
    const url = new URL(raw, from);
    if (url.origin === origin) out.push(url);
  }
  return out;
}

describe('crawl from /sbsa', () => {
  it('finds no broken link, anchor or asset anywhere it can reach', async () => {
    const origin = site.origin;
    const queue = [`${origin}/sbsa`];
    const status = new Map<string, number>();
    const ids = new Map<string, Set<string>>();
    const anchors: { from: string; page: string; id: string }[] = [];
    const broken: string[] = [];
    const csv: string[] = [];
    while (queue.length > 0) {
      const batch = queue.splice(0, 16);
      await Promise.all(
        batch.map(async (url) => {
          const res = await fetch(url);
          status.set(url, res.status);
          const type = res.headers.get('content-type') ?? '';
          if (new URL(url).pathname.startsWith('/sbsa/csv/')) {
            // downloads come from the server, not the build
            csv.push(url);
            if (res.status === 200 && type !== 'text/csv; charset=utf-8')
              broken.push(`${type} ${url}`);
          }
          if (!type.startsWith('text/html')) {
            await res.arrayBuffer();
            return;
          }
          const html = await res.text();
          ids.set(url, new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1])));
          for (const link of internalLinks(html, url, origin)) {
            const page = `${link.origin}${link.pathname}${link.search}`;
            if (link.hash)
              anchors.push({ from: url, page, id: decodeURIComponent(link.hash.slice(1)) });
            if (!status.has(page) && !queue.includes(page)) {
              status.set(page, 0);
              queue.push(page);
            }
          }
        }),
      );
    }
    for (const [url, code] of status) if (code !== 200) broken.push(`${code} ${url}`);
    for (const a of anchors) {
      // #top and #main are the page's own landmarks; every other fragment must name an element.
      if (!ids.get(a.page)?.has(a.id))
        broken.push(`missing #${a.id} on ${a.page} (linked from ${a.from})`);
    }
    expect(broken).toEqual([]);
    const pages = [...ids.keys()].length;
    console.info(
      `crawl: ${status.size} URLs (${pages} HTML pages, ${csv.length} CSV downloads) reached from /sbsa`,
    );
    expect(pages).toBeGreaterThan(100);
    expect(csv.length).toBeGreaterThan(100);

    // Every page of the build is reachable by links, not only by typing its address.
    const reached = new Set([...ids.keys()].map((url) => new URL(url).pathname));
    const built = [...site.build.files.keys()]
      .filter((f) => f.endsWith('/index.html'))
      .map((f) => f.slice(0, -'/index.html'.length) || '/');
    expect(built.length).toBeGreaterThan(100);
    const unreached = built.filter((path) => !reached.has(path));
    // '/' only forwards to /sbsa and /admin is the admin console: neither is a page of the portal to link to.
    expect(unreached.sort()).toEqual(['/', '/admin']);
    const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    expect(listed.length).toBe(built.length - unreached.length);
    expect(listed.filter((path) => !reached.has(path))).toEqual([]);
  }, 300_000); // every page, the records room's sort orders included
});
