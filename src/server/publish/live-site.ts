import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { logger } from '../logger.ts';
import { eachLimited, shouldCompress } from './compress-build.ts';
import { siteFromManifest } from './static-site.ts';
import type { LoadedSite, StaticFile } from './static-site.ts';
import type { SiteStore } from './site-store.ts';

/** How often a node looks at the live pointer (`live.json`) for a switch another node made. */
export const DEFAULT_LIVE_POLL_MS = 500;

/** Files of a loaded build checked for a brotli variant made since, per look. */
const VARIANT_CHECKS_PER_LOOK = 256;

/** How long after loading a build its missing brotli variants are looked for. */
const VARIANT_WATCH_MS = 10 * 60_000;

export interface LiveSiteOptions {
  /** the builds in the shared folder (site-store.ts) */
  store: SiteStore;
  /** the live build of this node's own publisher, while it runs one: used as it is, never loaded twice */
  local?: () => LoadedSite | null;
  pollMs?: number;
}

/**
 * The build a node serves: the one `live.json` in the shared folder names, whichever node
 * published it (decision 152). The publishing node serves its publisher's build in memory, as
 * before; every other node looks at `live.json` every half second (a `stat`; the file is read only
 * when it was replaced) and loads the manifest of a build it has not got, then serves it. A switch
 * on one node is served by the others within a second. Nothing else needs dropping: the hot-file
 * cache keeps bytes by their content hash (file-cache.ts), which a new build cannot make stale,
 * and the files of the old build leave it as they go cold.
 *
 * A large render's pages are stored without brotli, made after its switch (decision 140); the
 * publisher records the variants in its memory only, so a node that loaded the build looks for
 * them on disk for a while, a few hundred files a look, and sends them once they are there.
 */
export class LiveSite {
  readonly #o: LiveSiteOptions;
  readonly #pollMs: number;
  /** the build `live.json` named at the last look */
  #pointed: string | null = null;
  /** identity of `live.json` at the last look (replaced by rename on every switch) */
  #stamp = '';
  /** when the pointer last changed, by this node's clock */
  #pointedAt = 0;
  /** a build another node published, loaded here */
  #loaded: LoadedSite | null = null;
  /** files of the loaded build without a brotli variant that should have one, and until when to look */
  #noVariant: { rel: string; file: StaticFile }[] = [];
  #watchUntil = 0;
  #timer: NodeJS.Timeout | null = null;
  #looking: Promise<void> | null = null;

  constructor(options: LiveSiteOptions) {
    this.#o = options;
    this.#pollMs = options.pollMs ?? DEFAULT_LIVE_POLL_MS;
  }

  /** The build to serve now; null before any build is live. */
  get site(): LoadedSite | null {
    const local = this.#o.local?.() ?? null;
    if (local && local.id === this.#pointed) return local;
    if (this.#loaded && this.#loaded.id === this.#pointed) return this.#loaded;
    // between a switch and the next look: the own publisher's new build, or the one served so far
    return local ?? this.#loaded;
  }

  /** Looks at once, then every `pollMs`. */
  async start(): Promise<void> {
    await this.look();
    const tick = () => {
      this.#timer = setTimeout(async () => {
        await this.look();
        if (this.#timer) tick();
      }, this.#pollMs);
      this.#timer.unref();
    };
    tick();
  }

  stop(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  /** One look at the pointer: loads the build it names when this node has not got it. */
  look(): Promise<void> {
    this.#looking ??= this.#look()
      .catch((err: Error) => logger.warn('live build not loaded', { error: err.message }))
      .finally(() => {
        this.#looking = null;
      });
    return this.#looking;
  }

  async #look(): Promise<void> {
    const { store } = this.#o;
    const pointer = join(store.dir, 'live.json');
    const s = await stat(pointer).catch(() => null);
    const stamp = s ? `${s.ino}:${s.mtimeMs}:${s.size}` : '';
    if (stamp !== this.#stamp) {
      this.#stamp = stamp;
      const live = (await store.readPointer()).live;
      if (live !== this.#pointed) {
        this.#pointed = live;
        this.#pointedAt = Date.now();
      }
    }
    const id = this.#pointed;
    const local = this.#o.local?.() ?? null;
    if (id === null || local?.id === id) {
      this.#drop();
      return;
    }
    if (this.#loaded?.id === id) return this.#findVariants();
    // this node's own publisher may be switching to it right now: it gets a look's time to say so
    if (local && Date.now() - this.#pointedAt < this.#pollMs) return;
    const manifest = await store.readManifest(id);
    if (!manifest) return; // not there (yet, or collected already): the next look tries again
    // what each page read is the publisher's to know; here it would only take memory
    const site = await siteFromManifest(store, { ...manifest, deps: undefined });
    if (this.#o.local?.()?.id === id || this.#pointed !== id) return;
    this.#loaded = site;
    this.#noVariant = [...site.files]
      .filter(([path, f]) => f.blob.br === undefined && shouldCompress(path, f.blob.n))
      .map(([path, file]) => ({ rel: path.slice(1), file }));
    this.#watchUntil = Date.now() + VARIANT_WATCH_MS;
    logger.info('serving a build another node published', { build: id, pages: site.pages });
  }

  #drop(): void {
    this.#loaded = null;
    this.#noVariant = [];
  }

  /** Takes the brotli variants made since the build was loaded, a few hundred files a look. */
  async #findVariants(): Promise<void> {
    if (this.#noVariant.length === 0) return;
    if (Date.now() > this.#watchUntil) {
      this.#noVariant = [];
      return;
    }
    const { store } = this.#o;
    const batch = this.#noVariant.splice(0, VARIANT_CHECKS_PER_LOOK);
    const still: typeof batch = [];
    await eachLimited(batch, 16, async (entry) => {
      const made = await stat(store.blobPath(entry.file.blob.h, 'br')).catch(() => null);
      if (made) entry.file.blob.br = made.size;
      else still.push(entry);
    });
    // the ones not made yet are looked at again after the rest
    this.#noVariant.push(...still);
  }
}
