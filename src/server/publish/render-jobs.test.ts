import { describe, expect, it } from 'vitest';
import { inJobs } from './render-jobs.ts';

/** Files of a site with three seasons: the current one at the top, the past two under season/. */
const site = [2023, 2024, null].flatMap((season) => {
  const at = season === null ? 'sbsa/' : `sbsa/season/${season}/`;
  return [
    ...Array.from({ length: 300 }, (_, p) => `${at}stats/team/${p % 7}/player/${p}/index.html`),
    ...Array.from({ length: 200 }, (_, g) => `${at}result/game/${season ?? 0}/${g}/index.html`),
    `${at}records/index.html`,
  ];
});

describe('inJobs', () => {
  it('gives every file to one job, in jobs of at most the bound, a multiple of the renderers, equal in size', () => {
    const jobs = inJobs(site, 2, 400);
    expect(jobs.flat().sort()).toEqual([...site].sort());
    expect(jobs.length % 2).toBe(0);
    const sizes = jobs.map((j) => j.length);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(400);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
  });

  it("puts a page's copies of every season together", () => {
    const jobs = inJobs(site, 2, 400);
    const jobOf = new Map(jobs.flatMap((files, i) => files.map((f) => [f, i] as const)));
    for (let p = 0; p < 300; p++) {
      const page = `stats/team/${p % 7}/player/${p}/index.html`;
      const copies = [`sbsa/${page}`, `sbsa/season/2023/${page}`, `sbsa/season/2024/${page}`];
      // a job boundary may fall between the copies of one page, never more than once
      expect(new Set(copies.map((f) => jobOf.get(f))).size).toBeLessThanOrEqual(2);
    }
    const split = Array.from(
      { length: 300 },
      (_, p) => `stats/team/${p % 7}/player/${p}/index.html`,
    ).filter((page) => jobOf.get(`sbsa/${page}`) !== jobOf.get(`sbsa/season/2023/${page}`));
    expect(split.length).toBeLessThanOrEqual(jobs.length);
  });

  it('makes jobs equal in size whatever the number of files', () => {
    for (const n of [401, 799, 1001, 1503]) {
      const sizes = inJobs(site.slice(0, n), 2, 100).map((j) => j.length);
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(n);
      expect(sizes.length % 2).toBe(0);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(100);
    }
  });

  it('makes one job per renderer of a small site', () => {
    expect(inJobs(site.slice(0, 50), 2, 400).map((j) => j.length)).toEqual([25, 25]);
    expect(inJobs(site.slice(0, 50), 1, 2_000)).toEqual([site.slice(0, 50).sort()]);
  });
});
