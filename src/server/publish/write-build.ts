import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eachLimited, listFiles } from './compress-build.ts';
import type { RenderResult } from './render-engine.ts';
import { siteFromManifest } from './static-site.ts';
import type { LoadedSite } from './static-site.ts';
import type { BlobEntry, BuildDeps, Manifest, SiteStore, StoredBlob } from './site-store.ts';

/** The files a new build is made of. */
export interface BuildInput {
  /** the bytes of files made for this build */
  made: Map<string, Buffer>;
  /** files made for this build that the renderer stored in the blob store itself */
  stored?: Map<string, StoredBlob>;
  /** every path of the new build, relative to the site's root; a path neither made nor stored keeps the live build's blob */
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
  /** files whose new blob was compressed at the fast level, to compress again at the best one */
  recompress: [string, BlobEntry][];
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
  const deps: BuildDeps = { code: render.code, files };
  return {
    made,
    stored: render.stored,
    paths: [...new Set([...render.codeFiles, ...rendererPaths])],
    deps,
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
 * A build's entries by path, sorted: the same build makes the same manifest. A build with the live
 * build's paths (most changes) takes their order from its manifest, which is sorted already: a
 * sort of the bench association's 19,600 paths took about 20 ms of each switch.
 */
function sortedFiles(
  files: Record<string, BlobEntry>,
  before: Record<string, BlobEntry>,
): Record<string, BlobEntry> {
  const paths = Object.keys(before);
  if (paths.length === Object.keys(files).length && paths.every((rel) => rel in files)) {
    const sorted: Record<string, BlobEntry> = {};
    for (const rel of paths) sorted[rel] = files[rel];
    return sorted;
  }
  return Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * Writes a build into the store: the blobs it does not have yet (with their brotli variants),
 * then its manifest; the blobs the renderer stored already are taken as they are. Nothing is live
 * until the caller swaps the pointer (`store.writePointer`): a crash before that leaves the
 * previous build live, and the blobs written unreferenced until they are collected.
 */
export async function writeBuild(
  store: SiteStore,
  id: string,
  input: BuildInput,
  live: LoadedSite | null,
  { depsOnDisk = true }: { depsOnDisk?: boolean } = {},
): Promise<WrittenBuild> {
  const before = live?.manifest?.files ?? {};
  const files: Record<string, BlobEntry> = {};
  const changed: string[] = [];
  const recompress: [string, BlobEntry][] = [];
  let written = 0;
  // every new blob is stored at the fast brotli quality, and may be recompressed at the best
  const take = (rel: string, put: StoredBlob) => {
    // the live build's entry for the same blob, unless the renderer found a variant it lacks: a
    // variant made in the background then reaches both (compress-queue.ts)
    const was = before[rel];
    const same = was?.h === put.entry.h && (was.br !== undefined || put.entry.br === undefined);
    files[rel] = same ? was : put.entry;
    if (put.written) {
      written++;
      if (put.entry.br !== undefined) recompress.push([rel, put.entry]);
    }
    if (before[rel]?.h !== put.entry.h) changed.push(rel);
  };
  // most paths keep the live build's blob or one the renderer stored: no disk, no waiting
  const toWrite: string[] = [];
  for (const rel of input.paths) {
    const stored = input.stored?.get(rel);
    if (input.made.has(rel)) toWrite.push(rel);
    else if (stored) take(rel, stored);
    else if (before[rel]) files[rel] = before[rel];
    else throw new Error(`${rel} was neither rendered nor in the live build`);
  }
  await eachLimited(toWrite, 16, async (rel) => {
    take(rel, await store.put(rel, input.made.get(rel)!, before[rel]));
  });
  const manifest: Manifest = {
    id,
    created: new Date().toISOString(),
    files: sortedFiles(files, before),
    ...(input.deps ? { deps: input.deps } : {}),
  };
  // without its data keys the manifest of a large site is a fifth of the size: a build replaced
  // at once (the first part of a publish) keeps them in memory only, and after a crash before the
  // next switch the next build renders every page
  await store.writeManifest(depsOnDisk ? manifest : { ...manifest, deps: undefined });
  const removed = Object.keys(before).filter((rel) => !(rel in files));
  return {
    site: await siteFromManifest(store, manifest, live),
    manifest,
    written,
    changed: changed.sort(),
    removed,
    recompress,
  };
}
