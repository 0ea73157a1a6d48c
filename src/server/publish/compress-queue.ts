import { type ChildProcess, fork } from 'node:child_process';
import type { CompressRequest } from './compress-child.ts';
import type { BlobEntry, SiteStore } from './site-store.ts';
import { stripTypesImport } from './strip-types-import.ts';

const childFile = new URL('./compress-child.ts', import.meta.url);

/**
 * How the child is started to hold little while it lives (decision 154): the server's TypeScript
 * stripped ahead; a young generation of 1 MB semi-spaces (it keeps one page and its variant at a
 * time); and glibc told to map every block of 64 KB or more on its own, so the encoder's buffers go
 * back to the system when it frees them. By default glibc raises that bar to the largest block
 * freed, and the encoder's next buffers then stayed in the heap: 58 MB of it after five saved
 * records on the demo.
 */
const CHILD_ARGS = ['--max-semi-space-size=1', ...stripTypesImport];
const CHILD_ENV = { MALLOC_MMAP_THRESHOLD_: '65536', MALLOC_TRIM_THRESHOLD_: '131072' };

/**
 * Makes blobs' brotli variants after their build went live, one blob at a time and only while the
 * publisher has nothing else to do:
 *
 * - the blobs a large render stored without one (docs/decisions/140), at the fast level: a render
 *   of every page then goes at the renderers' pace, and its pages are sent uncompressed (or gzip,
 *   by nginx) for the seconds this takes;
 * - a small publish's new blobs again at the best level. The best level costs ~50 ms of CPU a
 *   page: a saved record's ~90 new pages take seconds of a core, which on a small server the
 *   renderer of the next publish needs more (a page is served from its fast variant meanwhile).
 *
 * The work runs in a process of its own that ends when the queue is empty: brotli's encoder at
 * the best level takes tens of megabytes on each thread it runs on, which glibc's allocator kept
 * in the server for good (about 80 MB after five saved records on the bench association).
 */
export class CompressQueue {
  readonly #store: SiteStore;
  readonly #quiet: () => Promise<void>;
  readonly #compressed: (rels: string[], entry: BlobEntry) => Promise<void>;
  #queue: Promise<void> = Promise.resolve();
  #waiting = 0;
  #stopped = false;
  #child: ChildProcess | null = null;

  /**
   * `quiet` resolves when no publish is running or waiting; `compressed` is told of each blob whose
   * variant was made, with the paths it was added for (the trees link the new one).
   */
  constructor(
    store: SiteStore,
    quiet: () => Promise<void>,
    compressed: (rels: string[], entry: BlobEntry) => Promise<void> = async () => undefined,
  ) {
    this.#store = store;
    this.#quiet = quiet;
    this.#compressed = compressed;
  }

  /** Blobs waiting for their turn. */
  get waiting(): number {
    return this.#waiting;
  }

  /**
   * Files of a build (path and blob) whose brotli variant is to be made: for the first time when
   * the entry has none, else again at the best level.
   */
  add(files: readonly (readonly [string, BlobEntry])[]): void {
    const byBlob = new Map<BlobEntry, string[]>();
    for (const [rel, entry] of files) byBlob.set(entry, [...(byBlob.get(entry) ?? []), rel]);
    if (byBlob.size === 0 || this.#stopped) return;
    this.#waiting += byBlob.size;
    this.#queue = this.#queue.then(async () => {
      for (const [entry, rels] of byBlob) {
        await this.#quiet();
        if (!this.#stopped) {
          const before = entry.br;
          // the builds that name this entry record the new size from now on
          entry.br = await this.#compress(entry);
          if (entry.br !== before && !this.#stopped)
            await this.#compressed(rels, entry).catch(() => undefined);
        }
        this.#waiting--;
      }
      if (this.#waiting === 0) this.#release();
    });
  }

  /** Resolves when every blob added so far is done (or the queue stopped). */
  idle(): Promise<void> {
    return this.#queue;
  }

  /** Drops what is left: the blobs keep the variants they have. */
  stop(): void {
    this.#stopped = true;
    this.#release();
  }

  /** The blob's brotli size after the child's pass: the old one if it could do nothing. */
  #compress(entry: BlobEntry): Promise<number | undefined> {
    const before = entry.br;
    if (!this.#child) {
      this.#child = fork(childFile, [this.#store.dir], {
        execArgv: CHILD_ARGS,
        env: { ...process.env, ...CHILD_ENV },
        serialization: 'advanced',
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      });
      // a send to a child gone meanwhile: its exit answers
      this.#child.on('error', () => undefined);
    }
    const child = this.#child;
    return new Promise((resolve) => {
      const done = (br: number | undefined) => {
        child.off('message', answered);
        child.off('exit', gone);
        resolve(br);
      };
      const answered = (m: CompressRequest) => m.h === entry.h && done(m.br);
      const gone = () => {
        if (this.#child === child) this.#child = null;
        done(before);
      };
      child.on('message', answered);
      child.once('exit', gone);
      child.send({ h: entry.h, br: before } satisfies CompressRequest);
    });
  }

  #release(): void {
    if (this.#child?.connected) this.#child.disconnect();
    this.#child = null;
  }
}
