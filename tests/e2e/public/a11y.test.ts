import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { openSiteInBrowser } from './site.ts';
import { pageTypes } from './page-types.ts';

const { site, browser } = await openSiteInBrowser();

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** Structure, contrast and scroll-box rules of our own, beyond axe's: one h1, no skipped heading levels, every table captioned and in a labelled scroll box. */
function audit() {
  const problems: string[] = [];
  const where = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
  if (document.documentElement.lang !== 'ko') problems.push('html lang is not ko');
  if (!document.title.trim()) problems.push('no title');
  if (document.querySelectorAll('h1').length !== 1)
    problems.push(`h1 count ${document.querySelectorAll('h1').length}`);
  if (!document.querySelector('main#main')) problems.push('no main#main for the skip link');
  let last = 0;
  for (const h of document.querySelectorAll(
    'main h1, main h2, main h3, main h4, main h5, main h6',
  )) {
    const level = Number(h.tagName[1]);
    if (last && level > last + 1)
      problems.push(`heading jumps from h${last} to h${level}: ${where(h)}`);
    last = level;
  }
  for (const table of document.querySelectorAll('table')) {
    if (!table.querySelector('caption')?.textContent?.trim())
      problems.push(`table without caption: ${where(table)}`);
    for (const th of table.querySelectorAll('th'))
      if (!th.getAttribute('scope')) problems.push(`th without scope: ${where(th)}`);
    const box = table.closest('.table-scroll');
    if (
      box?.getAttribute('tabindex') !== '0' ||
      !box.getAttribute('aria-label') ||
      box.getAttribute('role') !== 'region'
    )
      problems.push(`table outside a labelled scroll box: ${where(table)}`);
  }
  for (const img of document.querySelectorAll('img'))
    if (!img.hasAttribute('alt')) problems.push(`img without alt: ${img.getAttribute('src')}`);
  for (const a of document.querySelectorAll('a[href], button')) {
    // innerText is empty inside a closed <details> (a folded month): the text is still the name.
    const name = (
      a.getAttribute('aria-label') ??
      ((a as HTMLElement).innerText?.trim() || a.textContent) ??
      ''
    ).trim();
    if (!name) problems.push(`control without a name: ${a.outerHTML.slice(0, 80)}`);
  }
  for (const field of document.querySelectorAll('select, input, textarea')) {
    const id = field.id;
    if (!(id && document.querySelector(`label[for="${id}"]`)) && !field.getAttribute('aria-label'))
      problems.push(`field without a label: ${field.outerHTML.slice(0, 80)}`);
  }
  const ids = [...document.querySelectorAll('[id]')].map((e) => e.id);
  const dupes = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (dupes.length) problems.push(`duplicate ids: ${dupes.join(', ')}`);

  // WCAG AA contrast of every visible text, against the first opaque background behind it.
  const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
  const lum = ([r, g, b]: number[]) => {
    const c = [r, g, b].map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  const background = (el: Element | null): number[] => {
    for (let node = el; node; node = node.parentElement) {
      const bg = rgb(getComputedStyle(node).backgroundColor);
      if (bg.length >= 3 && (bg[3] ?? 1) >= 0.99) return bg;
    }
    return [255, 255, 255];
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set<Element>();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || seen.has(el) || !node.textContent?.trim()) continue;
    seen.add(el);
    const style = getComputedStyle(el);
    const rect = el.getBoundingClientRect();
    if (
      style.visibility === 'hidden' ||
      style.display === 'none' ||
      rect.width === 0 ||
      rect.height === 0 ||
      el.closest('.visually-hidden, .skip-link')
    )
      continue;
    const fg = rgb(style.color);
    const bg = background(el);
    const [l1, l2] = [lum(fg), lum(bg)].sort((a, b) => b - a);
    const ratio = (l1 + 0.05) / (l2 + 0.05);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    if (ratio < (large ? 3 : 4.5)) problems.push(`contrast ${ratio.toFixed(2)} for ${where(el)}`);
  }
  return problems;
}

describe('accessibility and security of every page type', () => {
  for (const width of [1280, 375]) {
    it(`has no serious or critical axe-core violation at ${width} px`, async () => {
      // axe is injected from outside the page, so the pages' strict CSP is bypassed for it alone.
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        bypassCSP: true,
      });
      const page = await context.newPage();
      const found: string[] = [];
      for (const [kind, path] of Object.entries(pageTypes(site.index))) {
        await page.goto(site.origin + path, { waitUntil: 'networkidle' });
        await page.evaluate(axeSource);
        const violations = await page.evaluate(async () => {
          const result = await (
            window as unknown as {
              axe: {
                run(): Promise<{
                  violations: {
                    id: string;
                    impact: string | null;
                    nodes: { target: unknown[] }[];
                  }[];
                }>;
              };
            }
          ).axe.run();
          return result.violations.map((v) => ({
            id: v.id,
            impact: v.impact,
            targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
          }));
        });
        for (const v of violations)
          if (v.impact === 'serious' || v.impact === 'critical')
            found.push(`${kind} ${path}: ${v.id} (${v.impact}) at ${v.targets.join(', ')}`);
      }
      expect(found).toEqual([]);
      await context.close();
      // axe over every page type, the records room's full tables included, takes a while on a busy machine
    }, 300_000);
  }

  for (const width of [1280, 375]) {
    it(`has labelled structure, AA contrast and a strict CSP at ${width} px`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const violations: string[] = [];
      page.on('console', (m) => {
        if (/Content.Security.Policy|Refused to/i.test(m.text())) violations.push(m.text());
      });
      for (const [kind, path] of Object.entries(pageTypes(site.index))) {
        await page.goto(site.origin + path, { waitUntil: 'networkidle' });
        expect(await page.evaluate(audit), `${kind} ${path}`).toEqual([]);
        const html = await page.content();
        const csp = await page
          .locator('meta[http-equiv="content-security-policy"]')
          .getAttribute('content');
        expect(csp, kind).toMatch(/script-src 'self'/);
        expect(csp).not.toContain('unsafe-inline');
        // Every inline script is allowed by its hash, and no markup carries an event handler.
        for (const script of await page
          .locator('script:not([src])')
          .evaluateAll((s) => s.map((x) => x.textContent ?? ''))) {
          expect(csp).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
        }
        expect(html).not.toMatch(/\son[a-z]+="/i);
      }
      expect(violations).toEqual([]);
      await page.close();
    });
  }

  it('shows where the keyboard focus is', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.origin}/sbsa`);
    await page.keyboard.press('Tab');
    const skip = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const style = getComputedStyle(el);
      return {
        text: el.textContent,
        outline: style.outlineStyle,
        top: el.getBoundingClientRect().top,
      };
    });
    expect(skip.text).toBe('본문 바로가기');
    expect(skip.outline).not.toBe('none');
    expect(skip.top).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.close();
  });
});
