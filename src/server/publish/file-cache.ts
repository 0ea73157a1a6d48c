import { readFile } from 'node:fs/promises';

/** Default size of the hot-file cache (`SITE_CACHE_MB`). */
export const DEFAULT_SITE_CACHE_MB = 32;

/** Files above this size are streamed from disk and never cached. */
const MAX_CACHED_FILE = 1024 * 1024;

/**
 * The bytes of the site's most requested files, least recently used out first, never more than
 * `maxBytes` in all: the server reads the rest from disk, so its memory does not grow with the
 * number of pages (docs/decisions/070). Keys are the files' paths on disk: blobs are named by their
 * content and never change, so an entry never goes stale.
 */
export class FileCache {
  readonly maxBytes: number;
  /** larger files are streamed (`streams`) */
  readonly maxFileBytes: number;
  readonly #entries = new Map<string, Buffer>();
  /** reads under way, so a burst of requests for a cold file reads it once */
  readonly #reading = new Map<string, Promise<Buffer>>();
  #bytes = 0;

  constructor(maxBytes: number = DEFAULT_SITE_CACHE_MB * 1024 * 1024) {
    this.maxBytes = Math.max(0, maxBytes);
    this.maxFileBytes = Math.min(MAX_CACHED_FILE, this.maxBytes / 8);
  }

  get bytes(): number {
    return this.#bytes;
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
    const hit = this.#entries.get(key);
    if (hit) {
      this.#entries.delete(key);
      this.#entries.set(key, hit);
    }
    return hit;
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
    const old = this.#entries.get(key);
    if (old) {
      this.#entries.delete(key);
      this.#bytes -= old.length;
    }
    this.#entries.set(key, body);
    this.#bytes += body.length;
    for (const [k, v] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(k);
      this.#bytes -= v.length;
    }
  }
}
