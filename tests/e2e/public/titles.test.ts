import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSite } from './site.ts';

// Over every page of the build (no browser needed: the titles and descriptions are in the HTML).
const site = await openSite();

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return htmlFiles(path);
    return entry.endsWith('.html') ? [path] : [];
  });
}

const pages = htmlFiles(site.siteDir)
  .map((file) => {
    const html = readFileSync(file, 'utf8');
    return {
      path: relative(site.siteDir, file),
      title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
      description: /<meta name="description" content="([^"]*)"/.exec(html)?.[1],
      noindex: html.includes('<meta name="robots" content="noindex"'),
    };
  })
  .filter((p) => p.title !== undefined && !p.noindex);

describe('every page of the build', () => {
  it('has a title of its own (a player page names its season)', () => {
    const byTitle = new Map<string, string[]>();
    for (const p of pages) byTitle.set(p.title!, [...(byTitle.get(p.title!) ?? []), p.path]);
    const shared = [...byTitle.entries()].filter(([, paths]) => paths.length > 1);
    expect(pages.length).toBeGreaterThan(1000);
    expect(shared.slice(0, 5)).toEqual([]);
  });

  it('never says the year twice in a description (2026 시즌 2026 여자부 리그)', () => {
    const repeated = pages.filter((p) => /(\d{4}) 시즌 \1/.test(p.description ?? ''));
    expect(repeated.slice(0, 5).map((p) => `${p.path}: ${p.description}`)).toEqual([]);
  });
});
