import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { openSiteInBrowser } from './site.ts';
import { pageTypes } from './page-types.ts';
import islandElement from 'astro/runtime/server/astro-island.prebuilt.js';
import idle from 'astro/runtime/client/idle.prebuilt.js';
import load from 'astro/runtime/client/load.prebuilt.js';
import media from 'astro/runtime/client/media.prebuilt.js';
import only from 'astro/runtime/client/only.prebuilt.js';
import visible from 'astro/runtime/client/visible.prebuilt.js';

const { site, browser } = await openSiteInBrowser();

const gz = (file: string) => gzipSync(readFileSync(file)).length;

// Astro's own inline scripts: the <astro-island> element and the hydration directives.
const ISLAND_RUNTIME = new Set<string>([islandElement, idle, load, media, only, visible]);

/**
 * Our own directive, `client:interaction` (src/islands/client-interaction.ts), as Astro bundles it
 * inline into every page: it registers itself as Astro's directives do, and stays small.
 */
function isInteractionDirective(code: string): boolean {
  const registers = code.includes('.interaction=') && code.includes('"astro:interaction"');
  if (registers) expect(gzipSync(code).length, 'client:interaction inline').toBeLessThan(400);
  return registers;
}

/** Paths of the modules a built module imports statically (`import … from "./x.js"`, `import "./x.js"`, `export … from`). */
function staticImports(file: string): string[] {
  const code = readFileSync(join(site.siteDir, file), 'utf8');
  const found = code.matchAll(
    /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+?from\s*)?["']([^"']+)["']/g,
  );
  return [...found].map((m) => new URL(m[1], `http://build${file}`).pathname);
}

/** The island modules of a page and everything they import, however deep. */
function islandModules(entries: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return seen;
}

describe('what a page costs', () => {
  it("loads only the islands' JavaScript, the page's plain scripts and Astro's island runtime, none of it blocking, and no web font", async () => {
    const report: string[] = [];
    for (const width of [375, 1280]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      for (const [kind, path] of Object.entries(pageTypes(site.index))) {
        const scripts: string[] = [];
        const fonts: string[] = [];
        page.on('request', (r) => {
          if (r.resourceType() === 'script') scripts.push(r.url());
          if (r.resourceType() === 'font') fonts.push(r.url());
        });
        await page.goto(site.origin + path, { waitUntil: 'networkidle' });
        await page.waitForTimeout(300);
        // Scripts in <head> would block the first paint; the island runtime is inline in <body>.
        expect(await page.locator('head script').count(), kind).toBe(0);
        expect(fonts, kind).toEqual([]);

        const entries = await page
          .locator('astro-island')
          .evaluateAll((islands) =>
            islands
              .flatMap((i) => [i.getAttribute('component-url'), i.getAttribute('renderer-url')])
              .filter((u): u is string => !!u),
          );
        expect(entries.length, kind).toBeGreaterThan(0);
        // Plain module scripts (deferred by nature): the records room's search
        // (PlayerSearch.astro), a few lines and no framework.
        const plainScripts = await page
          .locator('body script[type="module"][src]')
          .evaluateAll((s) =>
            s.map((x) => new URL(x.getAttribute('src')!, location.href).pathname),
          );
        const plainModules = islandModules(plainScripts);
        const plainBytes = [...plainModules].reduce((n, f) => n + gz(join(site.siteDir, f)), 0);
        expect(plainBytes, `${kind}: the page's plain scripts`).toBeLessThan(4 * 1024);
        const islands = islandModules(entries.map((u) => new URL(u, site.origin).pathname));
        const allowed = new Set([...islands, ...plainModules]);
        const files = [...new Set(scripts)].map((url) => {
          expect(new URL(url).origin, url).toBe(site.origin);
          return new URL(url).pathname;
        });
        expect(
          files.filter((f) => !allowed.has(f)),
          `${kind}: scripts that are no island's`,
        ).toEqual([]);
        // On a phone the menu toggle waits for a touch and the season menu for the closed panel to
        // open: no island, so no React, loads with the page (decision 137).
        if (width === 375)
          expect(
            files.filter((f) => islands.has(f)),
            `${kind}: island scripts before the menu is touched`,
          ).toEqual([]);

        const inline = await page
          .locator('script:not([src])')
          .evaluateAll((s) => s.map((x) => x.textContent ?? ''));
        expect(
          inline
            .filter((code) => !ISLAND_RUNTIME.has(code) && !isInteractionDirective(code))
            .map((code) => code.slice(0, 80)),
          `${kind}: inline scripts that are not Astro's`,
        ).toEqual([]);
        expect(await page.locator('script[src]').count(), `${kind}: script tags`).toBe(
          plainScripts.length,
        );

        const inlineBytes = gzipSync(inline.join('')).length;
        const bytes = files.reduce((n, f) => n + gz(join(site.siteDir, f)), 0) + inlineBytes;
        let line = `${width}px ${kind}: ${files.length} files, ${(bytes / 1024).toFixed(1)} KiB JS gzip`;
        expect(
          bytes,
          `${kind}: ${files.map((f) => `${f} ${gz(join(site.siteDir, f))}`).join(', ')}`,
        ).toBeLessThan(80 * 1024);

        if (width === 375) {
          // Reaching for the menu (here the keyboard's focus) wakes its island, React with it.
          const toggle = page.locator('.menu-toggle');
          const island = page.locator('astro-island', { has: toggle });
          const react = new URL((await island.getAttribute('renderer-url'))!, site.origin);
          await Promise.all([page.waitForResponse(react.href), toggle.focus()]);
          await page.locator('.menu-toggle[aria-expanded]').waitFor();
          const touched = [...new Set(scripts)].map((url) => new URL(url).pathname);
          expect(touched, `${kind}: React once the menu is touched`).toContain(react.pathname);
          expect(touched.filter((f) => !allowed.has(f))).toEqual([]);
          const touchedBytes =
            touched.reduce((n, f) => n + gz(join(site.siteDir, f)), 0) + inlineBytes;
          expect(touchedBytes, `${kind} once the menu is touched`).toBeLessThan(80 * 1024);
          line += `; once the menu is touched ${touched.length} files, ${(touchedBytes / 1024).toFixed(1)} KiB`;
        }
        report.push(line);
        page.removeAllListeners('request');
      }
      await page.close();
    }
    console.info(report.join('\n'));
  });

  it('reports the build', () => {
    const pages = [...site.build.files.keys()]
      .filter((f) => f.endsWith('.html'))
      .map((f) => ({ path: f, bytes: statSync(join(site.siteDir, f)).size }));
    const largest = pages.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    const main = pages.find((p) => p.path === '/sbsa/index.html')!;
    console.info(
      `build: ${inject('pages')} HTML pages in ${inject('buildMs')} ms; largest page ${largest.path} ${largest.bytes} bytes; main page ${main.bytes} bytes`,
    );
    expect(inject('pages')).toBeGreaterThan(100);
    expect(pages.length).toBe(inject('pages'));
    expect(largest.bytes).toBeGreaterThanOrEqual(main.bytes);
  });
});
