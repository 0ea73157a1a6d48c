import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSiteInBrowser } from './site.ts';
import { pageTypes } from './page-types.ts';

// The public origin the demo build is made for (scripts/build-demo-site.ts), not the test server's.
const ORIGIN = 'http://localhost:4321';
const HANGUL = /[가-힣]/;

const { site, browser } = await openSiteInBrowser();
const page = await browser.newPage();

/** What the head of the open page says. */
function readHead(p: Page) {
  return p.evaluate(() => {
    const attr = (selector: string, name: string) =>
      document.head.querySelector(selector)?.getAttribute(name) ?? null;
    const og = (property: string) => attr(`meta[property="og:${property}"]`, 'content');
    return {
      title: document.title,
      description: attr('meta[name="description"]', 'content'),
      robots: attr('meta[name="robots"]', 'content'),
      canonical: attr('link[rel="canonical"]', 'href'),
      canonicalCount: document.head.querySelectorAll('link[rel="canonical"]').length,
      ogTitle: og('title'),
      ogDescription: og('description'),
      ogUrl: og('url'),
      ogImage: og('image'),
      ogLocale: og('locale'),
    };
  });
}

describe('head of every page type', () => {
  it('has a Korean title and description, its canonical address and Open Graph tags that agree', async () => {
    const name = (
      await site.db
        .selectFrom('league_main')
        .select('name')
        .where('path', '=', 'sbsa')
        .executeTakeFirstOrThrow()
    ).name;
    const titles = new Map<string, string>();
    const images = new Set<string>();
    for (const [kind, path] of Object.entries(pageTypes(site.index))) {
      if (kind === 'notFound') continue;
      expect((await page.goto(site.origin + path))?.status(), kind).toBe(200);
      const head = await readHead(page);
      expect(head.title, kind).toMatch(HANGUL);
      expect(head.title, kind).toContain(name);
      expect(head.description?.trim().length ?? 0, kind).toBeGreaterThan(20);
      expect(head.description, kind).toMatch(HANGUL);
      expect(head.robots, kind).toBeNull();
      expect(head.canonicalCount, kind).toBe(1);
      expect(head.canonical, kind).toBe(ORIGIN + path);
      expect(head.ogTitle, kind).toBe(head.title);
      expect(head.ogDescription, kind).toBe(head.description);
      expect(head.ogUrl, kind).toBe(head.canonical);
      expect(head.ogLocale, kind).toBe('ko_KR');
      expect(head.ogImage, kind).toMatch(new RegExp(`^${ORIGIN}/`));
      images.add(head.ogImage!);
      // Two page types never share a title: a search result or a tab must tell them apart.
      expect(
        titles.get(head.title),
        `${kind} has the title of ${titles.get(head.title)}`,
      ).toBeUndefined();
      titles.set(head.title, kind);
    }
    expect(titles.size).toBe(Object.keys(pageTypes(site.index)).length - 1);
    for (const image of images) {
      const res = await fetch(site.origin + new URL(image).pathname);
      expect(res.status, image).toBe(200);
      expect(res.headers.get('content-type'), image).toMatch(/^image\//);
    }
  });

  it('keeps the 404 page and the root forwarder out of search with a Korean title', async () => {
    expect((await page.goto(`${site.origin}/sbsa/no-such-page`))?.status()).toBe(404);
    const missing = await readHead(page);
    expect(missing.title).toMatch(HANGUL);
    expect(missing.description?.trim()).toBeTruthy();
    expect(missing.robots).toBe('noindex');
    expect(missing.canonical).toBeNull();

    const res = await fetch(`${site.origin}/`);
    expect(res.status).toBe(200);
    const root = await res.text();
    expect(root).toMatch(/<title>[^<]*[가-힣][^<]*<\/title>/);
    expect(root).toContain('<meta name="robots" content="noindex"');
    expect(root).toContain(`<link rel="canonical" href="${ORIGIN}/sbsa"`);
  });
});
