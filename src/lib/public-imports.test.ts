import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The public site and the shared library must not reach into the admin console's code: what both
// use lives in src/lib.
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN = [join(SRC, 'islands', 'admin'), join(SRC, 'pages', 'admin')];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (ADMIN.includes(path)) return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|astro)$/.test(entry) && !entry.endsWith('.test.ts') ? [path] : [];
  });
}

/** Files under src the module imports by a relative path. */
function relativeImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const specifiers = code.matchAll(/(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]/g);
  return [...specifiers].map((m) => resolve(dirname(file), m[1]));
}

describe('public code', () => {
  it('imports nothing from the admin console (pages, components, islands, lib)', () => {
    const files = ['pages', 'components', 'islands', 'lib'].flatMap((d) =>
      sourceFiles(join(SRC, d)),
    );
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((file) =>
      relativeImports(file)
        .filter((target) => ADMIN.some((admin) => target.startsWith(`${admin}/`)))
        .map((target) => `${relative(SRC, file)} → ${relative(SRC, target)}`),
    );
    expect(found).toEqual([]);
  });
});
