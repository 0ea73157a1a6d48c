import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eachLimited, listFiles } from './compress-build.ts';
import type { RenderResult } from './render-engine.ts';
import { siteFromManifest } from './static-site.ts';
import type { LoadedSite } from './static-site.ts';
import type { BlobEntry, BuildDeps, Compression, Manifest, SiteStore } from './site-store.ts';

/** The files a new build is made of. */
export interface BuildInput {
  /** the bytes of every file made for this build; any other path keeps the live build's blob */
  made: Map<string, Buffer>;
  /** every path of the new build, relative to the site's root */
  paths: string[];
  /** what the renderer made it from; absent for a build not made by it */
  deps?: BuildDeps;
}

export interface WrittenBuild {
  site: LoadedSite;
  manifest: Manifest;
  /** blobs written (content new to the store) */
  written: number;
  /** paths whose content differs from the live build's, new ones included */
  changed: string[];
  /** paths of the live build the new one no longer has */
  removed: string[];
  /** entries compressed at the fast level, to compress again at the best one */
  recompress: BlobEntry[];
}

/**
 * What the renderer made, as the files of a build: its rendered files, and the code build's client
 * bundles and public files (read from the code folder when the code changed or the live build
 * lacks them). Every other page keeps the live build's blob.
 */
export async function renderedBuild(
  render: RenderResult,
  codeDir: string,
  live: LoadedSite | null,
): Promise<BuildInput> {
  const sameCode = live?.deps?.code === render.code;
  if (render.paths === null && !sameCode)
    throw new Error('a partial render needs a live build of the same code');
  const rendererPaths = render.paths ?? Object.keys(live?.deps?.files ?? {});
  const made = new Map(render.rendered);
  await eachLimited(render.codeFiles, 16, async (rel) => {
    if (sameCode && live?.files.has(`/${rel}`)) return;
    made.set(rel, await readFile(join(codeDir, rel)));
  });
  const files: Record<string, string[]> = {};
  for (const file of rendererPaths)
    files[file] = render.deps.get(file) ?? live?.deps?.files[file] ?? [];
  return {
    made,
    paths: [...new Set([...render.codeFiles, ...rendererPaths])],
    deps: { code: render.code, files },
  };
}

/** Every file of a plain folder (a stand-in build in tests), as the files of a build. */
export async function folderBuild(dir: string): Promise<BuildInput> {
  const paths = (await listFiles(dir)).filter((f) => !f.endsWith('.br') && !f.endsWith('.gz'));
  const made = new Map<string, Buffer>();
  await eachLimited(paths, 16, async (rel) => {
    made.set(rel, await readFile(join(dir, rel)));
  });
  return { made, paths };
}

/**
 * A build's blobs stored while the renderer is still rendering the build's other files: hashing,
 * compressing and writing a page then runs beside the renderer instead of after it. A blob is
 * named by its content and nothing names it before the build's manifest, so a build that fails
 * after storing some leaves the live site as it was (the blobs are collected with the old ones).
 */
export class EarlyBlobs {
  readonly #store: SiteStore;
  readonly #previous: Record<string, BlobEntry>;
  readonly #puts = new Map<string, { body: Buffer; put: Promise<StoredBlob> }>();
  /** files being stored, at most EARLY_AT_ONCE; the others wait their turn */
  #active = 0;
  readonly #waiting: Array<() => void> = [];
  readonly compression: Compression;

  constructor(store: SiteStore, live: LoadedSite | null, compression: Compression) {
    this.#store = store;
    this.#previous = live?.manifest?.files ?? {};
    this.compression = compression;
  }

  /** Starts storing a file's bytes (the same file again: the newer bytes count). */
  add(rel: string, body: Buffer): void {
    const put = this.#turn(() => this.#store.put(rel, body, this.compression, this.#previous[rel]));
    put.catch(() => undefined); // writeBuild stores it again and reports the error
    this.#puts.set(rel, { body, put });
  }

  /** Runs `task` when fewer than EARLY_AT_ONCE run: files may arrive faster than they are stored. */
  async #turn<T>(task: () => Promise<T>): Promise<T> {
    if (this.#active < EARLY_AT_ONCE) this.#active++;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve)); // a finished one's turn
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#active--;
    }
  }

  /** The storing of exactly these bytes of a file, if it was started. */
  take(rel: string, body: Buffer): Promise<StoredBlob> | undefined {
    const early = this.#puts.get(rel);
    return early?.body === body ? early.put : undefined;
  }
}

type StoredBlob = Awaited<ReturnType<SiteStore['put']>>;

/** files EarlyBlobs stores at the same time, as writeBuild */
const EARLY_AT_ONCE = 16;

/**
 * Writes a build into the store: the blobs it does not have yet (with their compressed variants),
 * then its manifest; blobs stored `early` with the same compression are taken as they are. Nothing is live until the caller swaps the pointer (`store.writePointer`):
 * a crash before that leaves the previous build live, and the blobs written unreferenced until
 * they are collected.
 */
export async function writeBuild(
  store: SiteStore,
  id: string,
  input: BuildInput,
  live: LoadedSite | null,
  compression: Compression,
  early?: EarlyBlobs,
): Promise<WrittenBuild> {
  const before = live?.manifest?.files ?? {};
  const files: Record<string, BlobEntry> = {};
  const changed: string[] = [];
  const recompress: BlobEntry[] = [];
  let written = 0;
  await eachLimited(input.paths, 16, async (rel) => {
    const body = input.made.get(rel);
    const previous = before[rel];
    if (!body) {
      if (!previous) throw new Error(`${rel} was neither rendered nor in the live build`);
      files[rel] = previous;
      return;
    }
    const again = () => store.put(rel, body, compression, previous);
    const stored = early?.compression === compression ? early.take(rel, body) : undefined;
    const put = await (stored ? stored.catch(again) : again());
    files[rel] = put.entry;
    if (put.written) {
      written++;
      if (compression === 'fast' && put.entry.br !== undefined) recompress.push(put.entry);
    }
    if (previous?.h !== put.entry.h) changed.push(rel);
  });
  const manifest: Manifest = {
    id,
    created: new Date().toISOString(),
    // sorted: the same build makes the same manifest
    files: Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1))),
    ...(input.deps ? { deps: input.deps } : {}),
  };
  await store.writeManifest(manifest);
  const removed = Object.keys(before).filter((rel) => !(rel in files));
  return {
    site: await siteFromManifest(store, manifest),
    manifest,
    written,
    changed: changed.sort(),
    removed,
    recompress,
  };
}
