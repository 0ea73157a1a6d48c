import { createHash } from 'node:crypto';
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { brotliCompress } from 'node:zlib';
import { promisify } from 'node:util';
import { shouldCompress } from './compress-build.ts';
import { brotliParams } from '../brotli-params.ts';

const brotli = promisify(brotliCompress);

/**
 * The public site on disk, content-addressed (docs/decisions/070):
 *
 * - `blobs/ab/<hash>`: the bytes of a file, named by their SHA-256 (first 32 hex digits), with
 *   `<hash>.br` beside it for text files. A blob never changes once written (a better-compressed
 *   variant may replace its `.br` by rename: same content, same ETag). No gzip variant is stored:
 *   the server makes one for a client without brotli when asked (docs/decisions/132).
 * - `<id>.json`: a build's manifest, every URL path → its blob, and the data keys each page read.
 * - `live.json`: which build is live and which is kept for rollback.
 * - `trees/<id>/`: a build as a plain folder of hard links to its blobs, and `live` linking to the
 *   live one, for a static server (site-trees.ts, docs/decisions/139).
 *
 * A new build writes only the blobs it does not already have, then its manifest, then swaps
 * `live.json`: every step is a write to a temporary name and a rename, so a crash at any point
 * leaves the previous build live and whole. Blobs no kept build names are collected afterwards.
 */

/** The folder of the builds' trees beside the blobs, and the link to the live one (site-trees.ts). */
export const TREES_DIR = 'trees';
export const LIVE_LINK = 'live';

/** One file of a build: its blob and the sizes of its variants. */
export interface BlobEntry {
  /** content hash (the blob's name) */
  h: string;
  /** bytes of the file itself */
  n: number;
  /** bytes of its brotli variant, when it has one */
  br?: number;
  /** bytes of its gzip variant: blobs stored before decision 132, and plain folders with .gz */
  gz?: number;
}

/** A file stored in the blob store: its entry, and whether its blob was new to the store. */
export interface StoredBlob {
  entry: BlobEntry;
  written: boolean;
}

/** What the renderer made a build from: the code build and the data keys each rendered file read. */
export interface BuildDeps {
  code: string;
  /** every file the renderer made (pages, feeds, `_redirects`) → the data keys it read */
  files: Record<string, string[]>;
}

/** A build: every file by its path relative to the site's root ('sbsa/index.html') → its blob. */
export interface Manifest {
  id: string;
  created: string;
  files: Record<string, BlobEntry>;
  /** absent for a build not made by the renderer: the next build renders every page */
  deps?: BuildDeps;
}

/** The live and previous builds (`live.json`). */
export interface Pointer {
  live: string | null;
  previous: string | null;
}

/**
 * Brotli quality of a new blob, and of its recompression in the background after a small publish
 * (recompress-queue.ts): 5 is ~10× faster than 8 and 100× faster than 11 on the site's pages.
 */
const FAST_BROTLI_QUALITY = 5;
const BEST_BROTLI_QUALITY = 11;

/**
 * Test hook: while the file this names exists, a process about to swap `live.json` kills itself
 * (SIGKILL) — the end-to-end proof that a crash between the blobs and the switch leaves the
 * previous build live. Leave it unset in production.
 */
export const CRASH_BEFORE_SWITCH_ENV = 'SBSA_CRASH_BEFORE_SWITCH_FILE';

export const contentHash = (body: Buffer | Uint8Array) =>
  createHash('sha256').update(body).digest('hex').slice(0, 32);

let tmpSeq = 0;
const tmpName = (file: string) => `${file}.${process.pid}.${++tmpSeq}.tmp`;

/** Writes a file whole or not at all: to a temporary name, then renamed. */
async function writeAtomic(
  file: string,
  body: Buffer | string | AsyncIterable<string>,
): Promise<void> {
  const tmp = tmpName(file);
  await writeFile(tmp, body);
  await rename(tmp, file);
}

/** The same, blocking: for a process that does nothing else meanwhile (see `blocking`). */
function writeAtomicSync(file: string, body: Buffer): void {
  const tmp = tmpName(file);
  writeFileSync(tmp, body);
  renameSync(tmp, file);
}

/** Pages whose data keys are made JSON in one turn of the event loop (`manifestJson`). */
const JSON_ENTRIES_PER_TURN = 2000;

/**
 * A manifest's JSON (the same text as `JSON.stringify`) in parts, the thread given back between
 * them: the manifest of a large site is megabytes (12 MB on the bench association, four fifths
 * of it the pages' data keys), and one `JSON.stringify` of it held the server's thread for about
 * 70 ms, its requests waiting. The paths' blobs go in one part: about 15 ms on the bench
 * association, and the first switch of a publish, which writes no data keys, waits for no turn.
 */
export async function* manifestJson(manifest: Manifest): AsyncGenerator<string> {
  const { id, created, files, deps } = manifest;
  yield `{"id":${JSON.stringify(id)},"created":${JSON.stringify(created)},"files":${JSON.stringify(files)}`;
  if (deps) {
    yield `,"deps":{"code":${JSON.stringify(deps.code)},"files":`;
    yield* recordJson(deps.files);
    yield '}';
  }
  yield '}';
}

async function* recordJson(record: Record<string, unknown>): AsyncGenerator<string> {
  const keys = Object.keys(record);
  if (keys.length === 0) yield '{}';
  for (let i = 0; i < keys.length; i += JSON_ENTRIES_PER_TURN) {
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    // one JSON.stringify of a part of the record: its braces dropped, the parts joined by commas
    const part: Record<string, unknown> = {};
    for (const key of keys.slice(i, i + JSON_ENTRIES_PER_TURN)) part[key] = record[key];
    const json = JSON.stringify(part);
    yield `${i === 0 ? '{' : ','}${json.slice(1, -1)}`;
  }
  if (keys.length > 0) yield '}';
}

export class SiteStore {
  readonly dir: string;
  readonly blobsDir: string;
  /** blobs being written: a second file with the same bytes waits for the first */
  readonly #writing = new Map<string, Promise<BlobEntry>>();
  /** blob folders known to exist */
  readonly #folders = new Set<string>();
  readonly #blocking: boolean;

  /**
   * `blocking`: write blobs with blocking calls (compression still runs on the thread pool). A
   * renderer process serves no requests, and a page's two small writes cost its thread less this
   * way than as eight round trips through the thread pool.
   */
  constructor(dir: string, { blocking = false }: { blocking?: boolean } = {}) {
    this.dir = dir;
    this.blobsDir = join(dir, 'blobs');
    this.#blocking = blocking;
  }

  /** Where a blob (or one of its variants) lies. */
  blobPath(hash: string, variant?: 'br' | 'gz'): string {
    return join(this.blobsDir, hash.slice(0, 2), variant ? `${hash}.${variant}` : hash);
  }

  manifestPath(id: string): string {
    return join(this.dir, `${id}.json`);
  }

  /**
   * Stores a file's bytes (and, for text files, its brotli variant) unless a blob with the same
   * content is there already; `previous` is the live build's entry for the path, reused without
   * touching the disk when the bytes are the same. `brotli: false` leaves the variant to be made
   * later (`compress`): a render of every page stores its files at the renderers' pace.
   */
  async put(
    rel: string,
    body: Buffer,
    previous?: BlobEntry,
    { brotli = true }: { brotli?: boolean } = {},
  ): Promise<StoredBlob> {
    const h = contentHash(body);
    if (previous?.h === h) return { entry: previous, written: false };
    const pending = this.#writing.get(h);
    if (pending) return { entry: await pending, written: false };
    const writing = this.#write(rel, h, body, brotli);
    this.#writing.set(
      h,
      writing.then((r) => r.entry),
    );
    try {
      return await writing;
    } finally {
      this.#writing.delete(h);
    }
  }

  async #write(rel: string, h: string, body: Buffer, brotliNow: boolean): Promise<StoredBlob> {
    const file = this.blobPath(h);
    const compress = shouldCompress(rel, body.length);
    const exists = existsSync(file);
    // a new blob stored without its variant looks for none
    const hasBr = compress && (exists || brotliNow) && existsSync(this.blobPath(h, 'br'));
    if (exists && (!compress || hasBr || !brotliNow)) {
      const entry: BlobEntry = { h, n: body.length };
      if (hasBr) entry.br = (await stat(this.blobPath(h, 'br'))).size;
      return { entry, written: false };
    }
    const folder = dirname(file);
    if (!this.#folders.has(folder)) {
      await mkdir(folder, { recursive: true });
      this.#folders.add(folder);
    }
    const entry: BlobEntry = { h, n: body.length };
    if (compress && brotliNow) {
      const br = await brotli(body, { params: brotliParams(body.length, FAST_BROTLI_QUALITY) });
      // the variant first: a blob whose own file exists is whole
      if (this.#blocking) writeAtomicSync(this.blobPath(h, 'br'), br);
      else await writeAtomic(this.blobPath(h, 'br'), br);
      entry.br = br.length;
    }
    // a blob whose variant was missing keeps its file: the trees link it, and a static server's
    // validator is its modification time
    if (exists) return { entry, written: false };
    if (this.#blocking) writeAtomicSync(file, body);
    else await writeAtomic(file, body);
    return { entry, written: true };
  }

  /**
   * Makes a blob's brotli variant in the background, after a switch: at the fast level for a blob
   * stored without one (a render of every page), again at the best level for one that has it (a
   * small publish's). A variant another process made meanwhile is taken as it is.
   */
  async compress(entry: Pick<BlobEntry, 'h' | 'br'>): Promise<void> {
    const first = entry.br === undefined;
    if (first) {
      const made = await stat(this.blobPath(entry.h, 'br')).catch(() => null);
      if (made) {
        entry.br = made.size;
        return;
      }
    }
    const body = await readFile(this.blobPath(entry.h));
    const br = await brotli(body, {
      params: brotliParams(body.length, first ? FAST_BROTLI_QUALITY : BEST_BROTLI_QUALITY),
    });
    if (!first && br.length >= entry.br!) return;
    // same content, same name: a reader gets the old or the new variant whole
    await writeAtomic(this.blobPath(entry.h, 'br'), br);
    // the builds that name this entry record the new size from now on (the server reads the length off the file)
    entry.br = br.length;
  }

  async writeManifest(manifest: Manifest): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeAtomic(this.manifestPath(manifest.id), manifestJson(manifest));
  }

  /** A build's manifest; null when there is none (or it cannot be read). */
  async readManifest(id: string): Promise<Manifest | null> {
    try {
      return JSON.parse(await readFile(this.manifestPath(id), 'utf8')) as Manifest;
    } catch {
      return null;
    }
  }

  async readPointer(): Promise<Pointer> {
    try {
      return JSON.parse(await readFile(join(this.dir, 'live.json'), 'utf8')) as Pointer;
    } catch {
      return { live: null, previous: null };
    }
  }

  /** The switch on disk: one rename of `live.json`. */
  async writePointer(pointer: Pointer): Promise<void> {
    const crash = process.env[CRASH_BEFORE_SWITCH_ENV];
    if (crash && existsSync(crash)) process.kill(process.pid, 'SIGKILL');
    await mkdir(this.dir, { recursive: true });
    await writeAtomic(join(this.dir, 'live.json'), JSON.stringify(pointer));
  }

  /**
   * Deletes the manifests of builds not in `keep`, what an interrupted write left (temporary
   * files, build folders of the earlier layout), every blob no kept manifest names and every gzip
   * copy none names (builds before decision 132 stored them). Returns how many blobs went. It
   * stops at `stop`: the renderers of a publish store blobs that no manifest names until its
   * switch, so a publish stops the collection before they start.
   *
   * `loaded`: manifests of kept builds already in memory. A large site's manifest on disk is
   * megabytes of JSON, and parsing it blocks the thread (about 100 ms on the bench association).
   */
  async collect(
    keep: Iterable<string | null>,
    stop?: AbortSignal,
    loaded: readonly Manifest[] = [],
  ): Promise<{ blobs: number; builds: number }> {
    const kept = new Set([...keep].filter((id): id is string => id !== null));
    const referenced = new Set<string>();
    // blobs whose gzip copy a kept build names: stored before decision 132, none are made since
    const referencedGz = new Set<string>();
    let builds = 0;
    for (const entry of await readdir(this.dir, { withFileTypes: true }).catch(() => [])) {
      // the trees and the link to the live one are site-trees.ts's to collect
      if (['blobs', 'live.json', TREES_DIR, LIVE_LINK].includes(entry.name)) continue;
      const id = entry.name.endsWith('.json') ? entry.name.slice(0, -5) : null;
      if (entry.isFile() && id !== null && kept.has(id)) {
        const manifest = loaded.find((m) => m.id === id) ?? (await this.readManifest(id));
        for (const f of Object.values(manifest?.files ?? {})) {
          referenced.add(f.h);
          if (f.gz !== undefined) referencedGz.add(f.h);
        }
        continue;
      }
      await rm(join(this.dir, entry.name), { recursive: true, force: true });
      if (id !== null) builds++;
    }
    let blobs = 0;
    for (const shard of await readdir(this.blobsDir).catch(() => [] as string[])) {
      const folder = join(this.blobsDir, shard);
      for (const name of await readdir(folder).catch(() => [] as string[])) {
        if (stop?.aborted) return { blobs, builds };
        const hash = name.split('.')[0];
        const kept = name.endsWith('.gz') ? referencedGz.has(hash) : referenced.has(hash);
        if (kept && !name.endsWith('.tmp')) continue;
        await rm(join(folder, name), { force: true });
        if (!name.includes('.')) blobs++;
      }
    }
    return { blobs, builds };
  }
}
