import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { runAstroBuild } from '../../../src/server/publish/run-astro-build.ts';
import { root } from './child-server.ts';

/** The public site builds only once the Astro project is in place. */
export const siteAvailable =
  existsSync(join(root, 'astro.config.mjs')) && existsSync(join(root, 'src/pages'));

/** A full build of the public pages from a database file, with a fixed "today" so two builds compare. */
export async function buildSite(dbFile: string): Promise<string> {
  const work = mkdtempSync(join(tmpdir(), 'sbsa-ops-site-'));
  process.env.SBSA_TODAY ??= '2026-06-01';
  const input = {
    dbFile,
    outDir: join(work, 'out'),
    publicOrigin: 'https://sbsa.example',
  };
  try {
    await runAstroBuild(input);
  } catch (err) {
    // Astro keeps its prerender chunks in the project's .astro/: a build started at the same time
    // from the same checkout (another suite, a dev server) can pull them away. Once more, alone.
    if (!/\.astro\/\.prerender/.test((err as Error).message)) throw err;
    rmSync(input.outDir, { recursive: true, force: true });
    await runAstroBuild(input);
  }
  return input.outDir;
}

function files(dir: string, base = dir, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) files(path, base, out);
    else out.push(relative(base, path));
  }
  return out.sort();
}

/** Paths that differ between two builds (missing on either side or different bytes); also how many pages. */
export function compareSites(
  a: string,
  b: string,
): { pages: number; files: number; differences: string[] } {
  const left = files(a);
  const right = new Set(files(b));
  const differences: string[] = [];
  for (const f of left) {
    if (!right.has(f)) differences.push(`only in first: ${f}`);
    else if (!readFileSync(join(a, f)).equals(readFileSync(join(b, f))))
      differences.push(`differs: ${f}`);
    right.delete(f);
  }
  for (const f of right) differences.push(`only in second: ${f}`);
  return { pages: left.filter((f) => f.endsWith('.html')).length, files: left.length, differences };
}

export function removeSite(out: string): void {
  rmSync(join(out, '..'), { recursive: true, force: true });
}
