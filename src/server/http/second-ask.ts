import { LRUCache } from 'lru-cache';

/** How many keys asked for once are remembered by default. */
const DEFAULT_REMEMBERED = 4096;
/** Characters of key remembered per key on average, at most: a key is a path, a few dozen. */
const CHARS_PER_KEY = 128;

/**
 * Decides which answers a bounded cache keeps: only those asked for a second time while the
 * first ask is still remembered. A crawl (a search engine, an archive read page by page, the
 * bench's figure parity) asks for each address once; kept on the first ask, its answers would push
 * out the few that fans ask for over and over and fill the cache with bytes nobody asks for again.
 * The cost is one more read or computation for an answer on its second ask
 * (docs/decisions/130).
 *
 * Only the keys are remembered, least recently asked out first, never more than `remembered` of
 * them nor more than 128 characters each on average (a client can send long addresses).
 */
export class SecondAsk {
  readonly #askedOnce: LRUCache<string, true>;

  constructor(remembered: number = DEFAULT_REMEMBERED) {
    const max = Math.max(1, remembered);
    this.#askedOnce = new LRUCache({
      max,
      maxSize: max * CHARS_PER_KEY,
      sizeCalculation: (_, key) => Math.max(1, key.length),
    });
  }

  /** Whether `key` was asked for before; if not, it is remembered for the next ask. */
  again(key: string): boolean {
    if (this.#askedOnce.has(key)) {
      this.#askedOnce.delete(key);
      return true;
    }
    this.#askedOnce.set(key, true);
    return false;
  }

  /** Remembers `key` as asked once: its next ask is a second one. */
  remember(key: string): void {
    this.#askedOnce.set(key, true);
  }

  /** keys remembered as asked once */
  get size(): number {
    return this.#askedOnce.size;
  }
}
