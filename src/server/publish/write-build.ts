import { link, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { compressBody, eachLimited, shouldCompress } from './compress-build.ts';
import type { RenderResult } from './render-engine.ts';
import { NO_REDIRECTS, parseRedirects } from './redirects.ts';
import { DEPS_FILE, fileEntry, REDIRECTS_FILE } from './static-site.ts';
import type { BuildDeps, LoadedSite, StaticFile } from './static-site.ts';

export interface WriteBuildInput {
  id: string;
  /** the new build folder (created here) */
  dir: string;
  /** what the renderer made (render-engine.ts) */
  render: RenderResult;
  /** the code folder the renderer wrote its client bundles and public files to */
  codeDir: string;
  /** the live build: its files are reused where nothing changed; null for the first build */
  live: LoadedSite | null;
}

export interface WrittenBuild {
  site: LoadedSite;
  /** files written to the folder (rendered, or code files new to it) */
  written: number;
  /** files taken from the live build unchanged */
  reused: number;
  compressed: number;
  /** links the reused files into the folder and writes its keys; the folder is complete after it */
  complete(): Promise<void>;
}

async function linkOrWrite(from: string, to: string, body: Buffer): Promise<void> {
  await link(from, to).catch(() => writeFile(to, body));
}

/**
 * Makes a build folder from a render: the files the renderer made and the code build's files are
 * written (and brotli-compressed) unless their bytes equal the live build's; every other page is
 * the live build's, in memory at once and hard-linked on disk by `complete()`. The site in memory
 * is ready before the reused files are linked, so the caller can switch first and finish after.
 */
export async function writeBuild(input: WriteBuildInput): Promise<WrittenBuild> {
  const { dir, render, live } = input;
  const sameCode = live?.deps?.code === render.code;
  const paths = render.paths ?? Object.keys(live?.deps?.files ?? {});
  if (render.paths === null && !sameCode)
    throw new Error('a partial render needs a live build of the same code');
  const files = new Map<string, StaticFile>();
  const toLink: { rel: string; entry: StaticFile }[] = [];
  const made = new Set<string>();
  const ensureDir = async (file: string) => {
    const parent = dirname(file);
    if (made.has(parent)) return;
    await mkdir(parent, { recursive: true });
    made.add(parent);
  };
  await mkdir(dir, { recursive: true });
  let pages = 0;
  let written = 0;
  let compressed = 0;
  let redirects = live?.redirects ?? NO_REDIRECTS;
  const deps: Record<string, string[]> = {};

  /** A file with these bytes: the live build's entry when they are the same, else written and compressed. */
  const put = async (rel: string, body: Buffer) => {
    const before = live?.files.get(`/${rel}`);
    if (before?.body.equals(body)) {
      files.set(`/${rel}`, before);
      toLink.push({ rel, entry: before });
      return;
    }
    const to = join(dir, rel);
    await ensureDir(to);
    await writeFile(to, body);
    written++;
    if (!shouldCompress(rel, body.length)) {
      files.set(`/${rel}`, fileEntry(rel, body));
      return;
    }
    const br = await compressBody(body);
    await writeFile(`${to}.br`, br);
    files.set(`/${rel}`, fileEntry(rel, body, br));
    compressed++;
  };

  // client bundles and public files: the live build's when the code is the same
  await eachLimited(render.codeFiles, 16, async (rel) => {
    const before = live?.files.get(`/${rel}`);
    if (sameCode && before) {
      files.set(`/${rel}`, before);
      toLink.push({ rel, entry: before });
      return;
    }
    await put(rel, await readFile(join(input.codeDir, rel)));
  });

  await eachLimited(paths, 16, async (file) => {
    deps[file] = render.deps.get(file) ?? live?.deps?.files[file] ?? [];
    if (file.endsWith('.html')) pages++;
    const body = render.rendered.get(file);
    if (file === REDIRECTS_FILE) {
      // rules, not a served file: kept in the folder and read into memory
      if (body) redirects = parseRedirects(body.toString('utf8'));
      await writeFile(join(dir, file), body ?? (await readFile(join(live!.dir, file))));
      return;
    }
    if (body) return put(file, body);
    const before = live?.files.get(`/${file}`);
    if (!before) throw new Error(`${file} was neither rendered nor in the live build`);
    files.set(`/${file}`, before);
    toLink.push({ rel: file, entry: before });
  });

  const buildDeps: BuildDeps = { code: render.code, files: deps };
  return {
    site: { id: input.id, dir, files, pages, redirects, deps: buildDeps },
    written,
    reused: toLink.length,
    compressed,
    async complete() {
      await eachLimited(toLink, 16, async ({ rel, entry }) => {
        const to = join(dir, rel);
        await ensureDir(to);
        await linkOrWrite(join(live!.dir, rel), to, entry.body);
        if (entry.br) await linkOrWrite(join(live!.dir, `${rel}.br`), `${to}.br`, entry.br);
      });
      // last: a folder with its dependencies is whole (a crash before leaves none, and a full render)
      const tmp = join(dir, `${DEPS_FILE}.tmp`);
      await writeFile(tmp, JSON.stringify(buildDeps));
      await rename(tmp, join(dir, DEPS_FILE));
    },
  };
}
