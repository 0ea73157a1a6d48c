import { link, mkdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compressBody, eachLimited, listFiles, shouldCompress } from './compress-build.ts';
import { fileEntry, REDIRECTS_FILE } from './static-site.ts';
import type { LoadedSite, StaticFile } from './static-site.ts';
import { NO_REDIRECTS, parseRedirects } from './redirects.ts';

/**
 * Makes a fresh build folder from the publisher's work folder after an incremental build.
 *
 * The work folder is Astro's out folder, kept between builds: Astro writes the pages it renders
 * (and the bundles and public files) and leaves the pages it reuses untouched. It is written in
 * place by every build, so a build folder never shares a file with it:
 * - a page Astro reused (same code hash and cache key in its manifest before and after the build)
 *   is the same as in `base`, the build last assembled from this work folder: it takes base's
 *   in-memory entry, and its files are hard-linked from base's folder (written from memory where
 *   that fails) — no read, not even a stat;
 * - any other keyed page, and any file modified since `startedMs` (bundles, public files, pages
 *   without a key), was written by this build: copied into the build folder, then compressed —
 *   unless its bytes equal those of `compare` (the live build), whose in-memory entry it takes;
 * - anything else is a page of an earlier build that no longer exists: deleted from the work folder.
 *
 * The site in memory is ready before the reused files are on disk: `complete()` links them, so the
 * caller can switch the live build first and finish the folder after.
 */
export interface AssembleInput {
  id: string;
  /** the new build folder (created here) */
  dir: string;
  workDir: string;
  /** when the build started: files written by it are not older */
  startedMs: number;
  /** Astro's manifest after the build (`readCachedOutputs`); empty when there is none */
  cachedOutputs: Map<string, string>;
  /** Astro's manifest before the build; empty when there was none */
  previousOutputs: Map<string, string>;
  /** the build last assembled from this work folder, in memory; null to read every file */
  base: LoadedSite | null;
  /** a build to take unchanged written files from by comparing bytes (default: base) */
  compare?: LoadedSite | null;
  /**
   * The output files Astro logged for this build (relative to the work folder). With a `base`, the
   * work folder then holds base's files plus these, the bundles and the public files, and is not
   * walked: a walk of 18,000 page folders takes a quarter of a second.
   */
  outputs?: readonly string[];
}

export interface Assembled {
  site: LoadedSite;
  written: number;
  reused: number;
  compressed: number;
  removed: number;
  /** puts the reused files into the build folder (hard links); the folder is complete after it */
  complete(): Promise<void>;
}

async function linkOrWrite(from: string, to: string, body: Buffer): Promise<void> {
  await link(from, to).catch(() => writeFile(to, body));
}

const publicDir = join(fileURLToPath(new URL('../../../', import.meta.url)), 'public');
let publicFiles: Promise<string[]> | null = null;

/**
 * The files of the work folder after a build, without walking it: those of the build last
 * assembled from it (its leftovers were deleted then), what this build wrote and logged, the
 * bundles under _astro/ and the files Astro copies from public/.
 */
async function workFiles(
  workDir: string,
  base: LoadedSite,
  outputs: readonly string[],
): Promise<string[]> {
  publicFiles ??= listFiles(publicDir).catch(() => []);
  const [bundles, copied] = await Promise.all([
    listFiles(join(workDir, '_astro')).catch(() => []),
    publicFiles,
  ]);
  const all = new Set<string>([
    REDIRECTS_FILE,
    ...outputs,
    ...copied,
    ...bundles.map((f) => `_astro/${f}`),
  ]);
  for (const path of base.files.keys()) all.add(path.slice(1));
  return [...all];
}

export async function assembleSite(input: AssembleInput): Promise<Assembled> {
  const { dir, workDir, base } = input;
  const compare = input.compare ?? base;
  const all =
    base && input.outputs
      ? await workFiles(workDir, base, input.outputs)
      : await listFiles(workDir);
  const files = new Map<string, StaticFile>();
  const made = new Set<string>();
  const ensureDir = async (file: string) => {
    const parent = dirname(file);
    if (made.has(parent)) return;
    await mkdir(parent, { recursive: true });
    made.add(parent);
  };
  await mkdir(dir, { recursive: true });
  const toLink: { rel: string; entry: StaticFile }[] = [];
  let pages = 0;
  let written = 0;
  let compressed = 0;
  let removed = 0;
  let redirects = NO_REDIRECTS;

  const variants = async (from: LoadedSite, rel: string, entry: StaticFile, to: string) => {
    if (entry.br) await linkOrWrite(join(from.dir, `${rel}.br`), `${to}.br`, entry.br);
  };

  await eachLimited(all, 16, async (rel) => {
    const from = join(workDir, rel);
    const key = input.cachedOutputs.get(rel);
    const unkeyed = key === undefined ? await stat(from).catch(() => null) : undefined;
    if (unkeyed === null) return; // listed without a walk but not there (a public file that is gone)
    if (unkeyed && unkeyed.mtimeMs < input.startedMs) {
      // not written by this build and not one of its pages: left over from a removed page
      await unlink(from);
      removed++;
      return;
    }
    if (rel === REDIRECTS_FILE) {
      // rules, not a served file: copied into the build folder and read into memory
      const body = await readFile(from);
      await writeFile(join(dir, rel), body);
      redirects = parseRedirects(body.toString('utf8'));
      written++;
      return;
    }
    if (rel.endsWith('.html')) pages++;
    const trusted =
      key !== undefined && input.previousOutputs.get(rel) === key
        ? base?.files.get(`/${rel}`)
        : undefined;
    if (trusted) {
      files.set(`/${rel}`, trusted);
      toLink.push({ rel, entry: trusted });
      return;
    }
    const to = join(dir, rel);
    await ensureDir(to);
    const body = await readFile(from);
    await writeFile(to, body);
    written++;
    const before = compare?.files.get(`/${rel}`);
    if (compare && before?.body.equals(body)) {
      await variants(compare, rel, before, to);
      files.set(`/${rel}`, before);
      return;
    }
    if (!shouldCompress(rel, body.length)) {
      files.set(`/${rel}`, fileEntry(rel, body));
      return;
    }
    const br = await compressBody(body);
    await writeFile(`${to}.br`, br);
    files.set(`/${rel}`, fileEntry(rel, body, br));
    compressed++;
  });

  return {
    site: { id: input.id, dir, files, pages, redirects },
    written,
    reused: toLink.length,
    compressed,
    removed,
    async complete() {
      if (!base) return;
      await eachLimited(toLink, 16, async ({ rel, entry }) => {
        const to = join(dir, rel);
        await ensureDir(to);
        await linkOrWrite(join(base.dir, rel), to, entry.body);
        await variants(base, rel, entry, to);
      });
    },
  };
}
