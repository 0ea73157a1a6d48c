import { readFile } from 'node:fs/promises';
import { LRUCache } from 'lru-cache';

/** Default size of the hot-file cache (`SITE_CACHE_MB`). */
export const DEFAULT_SITE_CACHE_MB = 32;

/** Files above this size are streamed from disk and never cached. */
const MAX_CACHED_FILE = 1024 * 1024;

/**
 * The bytes of the site's most requested files, least recently used out first, never more than
 * `maxBytes` in all: the server reads the rest from disk, so its memory does not grow with the
 * number of pages (docs/decisions/070). Keys are the files' paths on disk: blobs are named by their
 * content and never change, so an entry never goes stale. The order of use is lru-cache's: a `Map`
 * moved to its end on every hit (delete, then set) costs time that grows with its size in V8,
 * and halved the requests/s of a server whose cache had filled.
 */
export class FileCache {
  readonly maxBytes: number;
  /** larger files are streamed (`streams`) */
  readonly maxFileBytes: number;
  readonly #entries: LRUCache<string, Buffer>;
  /** reads under way, so a burst of requests for a cold file reads it once */
  readonly #reading = new Map<string, Promise<Buffer>>();

  constructor(maxBytes: number = DEFAULT_SITE_CACHE_MB * 1024 * 1024) {
    this.maxBytes = Math.max(0, maxBytes);
    this.maxFileBytes = Math.min(MAX_CACHED_FILE, this.maxBytes / 8);
    this.#entries = new LRUCache({
      maxSize: Math.max(1, this.maxBytes),
      sizeCalculation: (body) => Math.max(1, body.length),
    });
  }

  get bytes(): number {
    return this.#entries.calculatedSize;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Whether a file of this size is sent as a stream from disk rather than read whole. */
  streams(size: number): boolean {
    return size > this.maxFileBytes;
  }

  /** The cached bytes of a key, as the most recently used. */
  get(key: string): Buffer | undefined {
    return this.#entries.get(key);
  }

  /** The bytes of a file, from memory or from disk (then kept). */
  read(file: string): Buffer | Promise<Buffer> {
    return this.get(file) ?? this.#load(file, () => readFile(file));
  }

  /** Bytes made from others (a gzip variant made on first demand), kept under `key`. */
  make(key: string, make: () => Promise<Buffer>): Buffer | Promise<Buffer> {
    return this.get(key) ?? this.#load(key, make);
  }

  #load(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    let pending = this.#reading.get(key);
    if (!pending) {
      pending = make().then(
        (body) => {
          this.#reading.delete(key);
          this.set(key, body);
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

  set(key: string, body: Buffer): void {
    if (body.length > this.maxFileBytes) return;
    this.#entries.set(key, body);
  }
}
