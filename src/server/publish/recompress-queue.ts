import type { BlobEntry, SiteStore } from './site-store.ts';

/**
 * Compresses the brotli variants of a small publish's new blobs again at the best level, one blob
 * at a time and only while the publisher has nothing else to do. The best level costs ~50 ms of
 * CPU a page: a saved record's ~90 new pages take seconds of a core, which on a small server the
 * renderer of the next publish needs more (a page is served from its fast variant meanwhile).
 */
export class RecompressQueue {
  readonly #store: SiteStore;
  readonly #quiet: () => Promise<void>;
  #queue: Promise<void> = Promise.resolve();
  #stopped = false;

  /** `quiet` resolves when no publish is running or waiting. */
  constructor(store: SiteStore, quiet: () => Promise<void>) {
    this.#store = store;
    this.#quiet = quiet;
  }

  add(entries: BlobEntry[]): void {
    if (entries.length === 0) return;
    this.#queue = this.#queue.then(async () => {
      for (const entry of entries) {
        await this.#quiet();
        if (this.#stopped) return;
        await this.#store.recompress(entry).catch(() => undefined); // collected meanwhile: nothing to do
      }
    });
  }

  /** Resolves when every blob added so far is done (or the queue stopped). */
  idle(): Promise<void> {
    return this.#queue;
  }

  /** Drops what is left: the blobs keep their fast variants. */
  stop(): void {
    this.#stopped = true;
  }
}
