import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CI_THRESHOLDS, checkPage, formatFailures, judge } from './lighthouse-check.ts';
import type { PageResult } from './lighthouse-check.ts';

/**
 * A page built to lose points in each category: a script that holds the main thread for a second
 * after the first paint (Total Blocking Time), an image without alt text that fails to load (a
 * console error), and no <title> or meta description.
 */
const HEAVY = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>
<body>
<main><h1>Heavy</h1><p>A page the Lighthouse check must fail.</p><img src="/missing.png" width="40" height="40"></main>
<script>setTimeout(() => { const end = Date.now() + 1000; while (Date.now() < end); }, 50);</script>
</body>
</html>`;

const server = createServer((req, res) => {
  if (req.url === '/heavy')
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(HEAVY);
  else res.writeHead(404).end();
});

let result: PageResult;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  result = await checkPage(`http://127.0.0.1:${port}/heavy`);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the Lighthouse check', () => {
  it('fails a heavy page, naming the page, its categories and the audits that lost points', () => {
    const failures = judge([result], CI_THRESHOLDS);
    const byCategory = Object.fromEntries(failures.map((f) => [f.category, f]));
    expect(Object.keys(byCategory).sort()).toEqual([
      'accessibility',
      'best-practices',
      'performance',
      'seo',
    ]);
    // the blocked second costs the most performance points of all the audits
    expect(byCategory.performance.lost[0].id).toBe('total-blocking-time');
    const ids = (category: string) => byCategory[category].lost.map((a) => a.id);
    expect(ids('accessibility')).toEqual(expect.arrayContaining(['image-alt', 'document-title']));
    expect(ids('best-practices')).toContain('errors-in-console');
    expect(ids('seo')).toEqual(expect.arrayContaining(['document-title', 'meta-description']));

    const message = formatFailures(failures);
    for (const category of ['performance', 'accessibility', 'best-practices', 'seo'])
      expect(message).toMatch(new RegExp(`^/heavy: ${category} \\d+ < \\d+ \\(runs `, 'm'));
    for (const id of [
      'total-blocking-time',
      'image-alt',
      'document-title',
      'meta-description',
      'errors-in-console',
    ])
      expect(message).toMatch(new RegExp(`^  ${id} \\(.+\\) score 0\\.\\d\\d`, 'm'));
  });

  it('takes each category score as the median of three runs', () => {
    for (const category of Object.values(result.categories)) {
      expect(category.runs).toHaveLength(3);
      const sorted = category.runs.map((s) => s ?? -1).sort((a, b) => a - b);
      expect(category.score).toBe(sorted[1]);
    }
    expect(result.median.categories.performance.score).toBe(result.categories.performance.score);
  });
});
