/**
 * What rendering needs from an `astro build` besides its prerender bundle, kept as JSON beside the
 * bundle so a renderer can start from the bundle alone, without Vite.
 *
 * Astro's prerender app reads two things from the build while it renders (astro/dist/core/build/
 * environment.js, `headElements`): each page's stylesheets (`internals.pagesByKeys`, by route and
 * component) with the bundle of page scripts (`internals.entrySpecifierToBundleMap`), and the
 * integrations' scripts (`settings.scripts`). The code build (code-build-child.ts) captures them
 * as Astro hands them to the app; the renderer hands the same values back. These are Astro's
 * internals, not its public API: the snapshot names the Astro version that wrote it, a renderer
 * of another version does not use it (the code is built again), and the engine test checks that
 * pages rendered this way equal `npm run build:site` byte for byte.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';

export interface RenderSnapshot {
  /** the code identity it was built for (code-build.ts) */
  code: string;
  astroVersion: string;
  /** the prerender bundle's entry, relative to its folder */
  entry: string;
  pages: Array<[key: string, styles: unknown[]]>;
  entrySpecifierToBundleMap: Array<[string, string]>;
  scripts: Array<{ stage: string; content: string }>;
}

const FILE = 'render-snapshot.json';

export const astroVersion: string = (
  createRequire(import.meta.url)('astro/package.json') as { version: string }
).version;

/** The prerender bundle's entry module in its folder (one `prerender-entry.<hash>.mjs`). */
export function bundleEntry(bundleDir: string): string | null {
  if (!existsSync(bundleDir)) return null;
  return readdirSync(bundleDir).find((f) => /^prerender-entry\..*\.mjs$/.test(f)) ?? null;
}

/** The snapshot of a bundle folder, or null when there is none, it is damaged or of another Astro. */
export function readSnapshot(bundleDir: string): RenderSnapshot | null {
  try {
    const s = JSON.parse(readFileSync(join(bundleDir, FILE), 'utf8')) as RenderSnapshot;
    if (s.astroVersion !== astroVersion || !existsSync(join(bundleDir, s.entry))) return null;
    return s;
  } catch {
    return null;
  }
}

/** The parts of Astro's build internals and options the snapshot keeps. */
interface BuildInternals {
  pagesByKeys: Map<string, { styles: unknown[] }>;
  entrySpecifierToBundleMap: Map<string, string>;
}
interface BuildOptions {
  settings: { scripts: Array<{ stage: string; content: string }> };
}

export function writeSnapshot(
  bundleDir: string,
  code: string,
  internals: BuildInternals,
  options: BuildOptions,
): void {
  const entry = bundleEntry(bundleDir);
  if (!entry) throw new Error('the prerender bundle has no entry');
  const snapshot: RenderSnapshot = {
    code,
    astroVersion,
    entry,
    pages: [...internals.pagesByKeys].map(([key, page]) => [key, page.styles]),
    entrySpecifierToBundleMap: [...internals.entrySpecifierToBundleMap],
    scripts: options.settings.scripts.map(({ stage, content }) => ({ stage, content })),
  };
  writeFileSync(join(bundleDir, FILE), JSON.stringify(snapshot));
}

/** The internals and options the prerender app is given, from a snapshot. */
export function buildStateOf(
  snapshot: RenderSnapshot,
  logDestination: unknown,
): { internals: BuildInternals; options: unknown } {
  return {
    internals: {
      pagesByKeys: new Map(snapshot.pages.map(([key, styles]) => [key, { styles }])),
      entrySpecifierToBundleMap: new Map(snapshot.entrySpecifierToBundleMap),
    },
    options: {
      settings: { scripts: snapshot.scripts },
      logger: { options: { destination: logDestination } },
    },
  };
}
