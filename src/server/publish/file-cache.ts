import { readFile } from 'node:fs/promises';
import { LRUCache } from 'lru-cache';
import { SecondAsk } from '../http/second-ask.ts';
import type { Variant } from './static-site.ts';

/** Default size of the hot-file cache (`SITE_CACHE_MB`). */
export const DEFAULT_SITE_CACHE_MB = 32;

/** Files above this size are streamed from disk and never cached. */
const MAX_CACHED_FILE = 1024 * 1024;

/** The cached forms of one file: its bytes and the variants asked for. */
type Forms = Partial<Record<Variant, Buffer>>;

const formsSize = (forms: Forms) =>
  Math.max(1, (forms.identity?.length ?? 0) + (forms.br?.length ?? 0) + (forms.gz?.length ?? 0));

/**
 * The bytes of the site's most requested files, least recently used out first, never more than
 * `maxBytes` in all: the server reads the rest from disk, so its memory does not grow with the
 * number of pages (docs/decisions/070). A file is kept under its content hash, with each of its
 * forms (bytes, brotli, gzip) as it is asked for: bytes named by their content never go stale, and
 * the key is a string every file entry holds already. The order of use is lru-cache's: a `Map`
 * moved to its end on every hit (delete, then set) costs time that grows with its size in V8,
 * and halved the requests/s of a server whose cache had filled. A form is kept from its second
 * ask on (SecondAsk), so a crawl of every page does not push out the pages fans ask for.
 */
export class FileCache {
  readonly maxBytes: number;
  /** larger files are streamed (`streams`) */
  readonly maxFileBytes: number;
  readonly #entries: LRUCache<string, Forms>;
  /** reads under way, so a burst of requests for a cold file reads it once */
  readonly #reading = new Map<string, Promise<Buffer>>();
  readonly #secondAsk = new SecondAsk();

  constructor(maxBytes: number = DEFAULT_SITE_CACHE_MB * 1024 * 1024) {
    this.maxBytes = Math.max(0, maxBytes);
    this.maxFileBytes = Math.min(MAX_CACHED_FILE, this.maxBytes / 8);
    this.#entries = new LRUCache({
      maxSize: Math.max(1, this.maxBytes),
      sizeCalculation: formsSize,
    });
  }

  get bytes(): number {
    return this.#entries.calculatedSize;
  }

  /** files with at least one form kept */
  get size(): number {
    return this.#entries.size;
  }

  /** Whether a file of this size is sent as a stream from disk rather than read whole. */
  streams(size: number): boolean {
    return size > this.maxFileBytes;
  }

  /** The cached form of a file, its entry then the most recently used. */
  get(hash: string, variant: Variant): Buffer | undefined {
    return this.#entries.get(hash)?.[variant];
  }

  /**
   * A form of a file from disk, kept from its second ask on; call `get` first: the path is only
   * needed on a miss.
   */
  load(hash: string, variant: Variant, path: string): Promise<Buffer> {
    return this.make(hash, variant, () => readFile(path));
  }

  /** A form made from others (a gzip variant made on demand), kept with the file from its second ask. */
  make(hash: string, variant: Variant, make: () => Promise<Buffer>): Promise<Buffer> {
    const key = `${hash}.${variant}`;
    let pending = this.#reading.get(key);
    if (!pending) {
      pending = make().then(
        (body) => {
          this.#reading.delete(key);
          if (this.#secondAsk.again(key)) this.set(hash, variant, body);
          return body;
        },
        (err: unknown) => {
          this.#reading.delete(key);
          throw err;
        },
      );
      this.#reading.set(key, pending);
    }
    return pending;
  }

  set(hash: string, variant: Variant, body: Buffer): void {
    if (body.length > this.maxFileBytes) return;
    this.#entries.set(hash, { ...this.#entries.peek(hash), [variant]: body });
  }
}
