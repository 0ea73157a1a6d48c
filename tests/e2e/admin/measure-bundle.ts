/**
 * Prints the admin island's initial JavaScript (gzip) and its largest lazy chunk, from a site build:
 *   node tests/e2e/admin/measure-bundle.ts <build folder>   (e.g. data/builds/<id> or dist)
 * Initial = the island's component and renderer modules with every module they import statically;
 * lazy = what the screens' dynamic imports add on top of that.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = process.argv[2];
if (!root) {
  process.stderr.write('usage: node tests/e2e/admin/measure-bundle.ts <build folder>\n');
  process.exit(2);
}
const html = readFileSync(join(root, 'admin/index.html'), 'utf8');
const entries = [...html.matchAll(/(?:component-url|renderer-url)="([^"]+)"/g)].map((m) => m[1]);

const source = (url: string) => readFileSync(join(root, url), 'utf8');
const gz = (url: string) => gzipSync(readFileSync(join(root, url)), { level: 9 }).length;
const resolveUrl = (from: string, spec: string) => new URL(spec, `http://x${from}`).pathname;
const staticImports = (url: string) =>
  [
    ...source(url).matchAll(
      /(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g,
    ),
  ].map((m) => resolveUrl(url, m[1]));
const dynamicImports = (url: string) =>
  [...source(url).matchAll(/import\(\s*["'`]([^"'`]+\.js)["'`]\s*\)/g)].map((m) =>
    resolveUrl(url, m[1]),
  );

function closure(starts: string[], seen = new Set<string>()): Set<string> {
  const todo = [...starts];
  while (todo.length) {
    const url = todo.pop()!;
    if (seen.has(url)) continue;
    seen.add(url);
    todo.push(...staticImports(url));
  }
  return seen;
}

const initial = closure(entries);
const initialGz = [...initial].reduce((n, url) => n + gz(url), 0);
const lazyEntries = new Set([...initial].flatMap(dynamicImports).filter((u) => !initial.has(u)));
const lazy = [...lazyEntries]
  .map((url) => {
    const extra = [...closure([url], new Set(initial))].filter((u) => !initial.has(u));
    return { url, own: gz(url), withDeps: extra.reduce((n, u) => n + gz(u), 0) };
  })
  .sort((a, b) => b.own - a.own);

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
process.stdout.write(
  `initial JS of the admin island: ${kb(initialGz)} gzip in ${initial.size} files\n`,
);
for (const url of [...initial].sort((a, b) => gz(b) - gz(a)).slice(0, 8))
  process.stdout.write(`  ${kb(gz(url)).padStart(9)}  ${url}\n`);
process.stdout.write(
  `lazy chunks: ${lazy.length}; largest: ${lazy[0]?.url} ${kb(lazy[0]?.own ?? 0)} gzip (${kb(lazy[0]?.withDeps ?? 0)} with what it loads beyond the initial JS)\n`,
);
const heaviest = [...lazy].sort((a, b) => b.withDeps - a.withDeps)[0];
if (heaviest)
  process.stdout.write(
    `heaviest screen to open: ${heaviest.url} ${kb(heaviest.withDeps)} gzip beyond the initial JS\n`,
  );
