import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { openSite } from './site.ts';
import type { SiteUnderTest } from './site.ts';
import { pageTypes } from './page-types.ts';

let site: SiteUnderTest;
let browser: Browser;
beforeAll(async () => {
  site = await openSite();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const gz = (file: string) => gzipSync(readFileSync(file)).length;

describe('what a page costs', () => {
  it('loads only the islands\' JavaScript, none of it blocking, and no web font', async () => {
    const report: string[] = [];
    for (const width of [375, 1280]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      for (const [kind, path] of Object.entries(pageTypes(site.index))) {
        const scripts: string[] = [];
        const fonts: string[] = [];
        page.on('request', (r) => {
          if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
          if (r.resourceType() === 'font') fonts.push(r.url());
        });
        await page.goto(site.origin + path, { waitUntil: 'networkidle' });
        await page.waitForTimeout(300);
        // Scripts in <head> would block the first paint; the island runtime is inline in <body>.
        expect(await page.locator('head script').count(), kind).toBe(0);
        expect(fonts, kind).toEqual([]);
        const files = [...new Set(scripts)];
        for (const file of files) expect(file.startsWith('/_astro/'), file).toBe(true);
        const inline = await page.locator('script:not([src])').evaluateAll((s) => s.map((x) => x.textContent ?? '').join(''));
        const bytes = files.reduce((n, f) => n + gz(join(site.siteDir, f)), 0) + gzipSync(inline).length;
        report.push(`${width}px ${kind}: ${files.length} files, ${(bytes / 1024).toFixed(1)} KiB JS gzip`);
        expect(bytes, `${kind}: ${files.map((f) => `${f} ${gz(join(site.siteDir, f))}`).join(', ')}`).toBeLessThan(80 * 1024);
        page.removeAllListeners('request');
      }
      await page.close();
    }
    console.info(report.join('\n'));
  });

  it('reports the build', () => {
    const html = (path: string) => statSync(join(site.siteDir, path, 'index.html')).size;
    console.info(`build: ${inject('pages')} HTML pages in ${inject('buildMs')} ms; main page ${html('sbsa')} bytes`);
    expect(inject('pages')).toBeGreaterThan(100);
  });
});
