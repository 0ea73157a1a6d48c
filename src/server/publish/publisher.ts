import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../db/database.ts';
import { msUntilSeoulMidnight } from '../../lib/seoul-date.ts';
import { logger } from '../logger.ts';
import { metrics } from '../metrics.ts';
import { HOME_PAGE, addressOf, buildExists, siteFromManifest } from './static-site.ts';
import type { LoadedSite } from './static-site.ts';
import { SiteStore } from './site-store.ts';
import type { BlobEntry, Manifest, Pointer } from './site-store.ts';
import { CompressQueue } from './compress-queue.ts';
import { shouldCompress } from './compress-build.ts';
import { SiteTrees, treeChanges } from './site-trees.ts';
import { claimWorkDir, pruneOrphanWorkDirs, workDirFor } from './run-astro-build.ts';
import type { BuildStats } from './run-astro-build.ts';
import { RenderEngine } from './render-engine.ts';
import type { RenderRequest, RenderResult } from './render-engine.ts';
import { dependents, expandChange, shareKeyStrings } from './change-keys.ts';
import {
  forgetPublished,
  lastChangeId,
  markPublished,
  pendingChanges,
  publishedUpTo,
  requestFromPublisher,
} from './change-feed.ts';
import { publishOrder } from './publish-order.ts';
import { folderBuild, renderedBuild, writeBuild } from './write-build.ts';
import type { BuildInput } from './write-build.ts';

export interface PublisherOptions {
  db: Db;
  dataDir: string;
  /** the database the renderers read: a SQLite file or a postgres:// URL */
  dbFile: string;
  /** quiet time after the last change before a build starts (default 50 ms; changes during a build wait for it anyway) */
  debounceMs?: number;
  /** a steady stream of changes still gets a build this long after the first of them (default 5 s) */
  maxWaitMs?: number;
  publicOrigin?: string;
  deployHookUrl?: string;
  /**
   * The renderer's cache (default <dataDir>/build-cache): its code folder (client bundles, public
   * files, the prerender bundle) is made from it (`workDirFor`), inside the project.
   */
  cacheDir?: string;
  /** pins "today" (upcoming games) for reproducible renders (tests); default: the date in Seoul */
  today?: string;
  /** how long the kept renderer stays without work before it ends (default 15 minutes; 0: for good) */
  rendererIdleMs?: number;
  /** Rebuild at midnight in Asia/Seoul, when "today" moves on (upcoming and recent games). Default on. */
  dailyRebuild?: boolean;
  /**
   * After a failed build, try again after these delays (default 30 s, then 2 min) unless a change
   * starts a build first: a passing fault (disk full for a moment, a killed child) heals by itself,
   * a real one is not retried for ever. [] turns retries off.
   */
  retryDelaysMs?: number[];
  /**
   * How often the change record is looked at for rows another process wrote (default 500 ms; a
   * write request of this process wakes the publisher at once). 0: only when woken.
   */
  pollMs?: number;
  /** Replaces the real astro build (used to make a build fail on purpose in tests): writes a whole site into outDir. */
  build?: (outDir: string, signal: AbortSignal) => Promise<void>;
}

/** The files of a new build and how they were made. */
interface BuildResult {
  stats: BuildStats;
  input: BuildInput;
  /** every page was rendered: compressed at the fast level and left so */
  full: boolean;
  /** the last part of its publish (publish-order.ts): the next switch is another publish's */
  last: boolean;
  detail: Record<string, number>;
}

/** What the deploy hook receives after each switch of the live build. */
export interface DeployHookPayload {
  build: string;
  pages: number;
  /** the build's manifest: every path → its blob (docs/decisions/070) */
  manifest: string;
  /** where the blobs lie: `<blobs>/<first two digits>/<hash>`, `.br` beside (decision 132) */
  blobs: string;
  /** the build as a folder of plain files (docs/decisions/139) */
  tree: string;
  /** the addresses whose answer changed (new ones included), as a CDN's purge takes them */
  changed: string[];
  /** the addresses the previous build had and this one has not */
  removed: string[];
  /** the files behind them, relative to `tree` (`sbsa/index.html`), `_redirects` included */
  files: { changed: string[]; removed: string[] };
}

/** A build's id: when it was made (UTC, to the second) and a random tail. */
const newBuildId = () =>
  `${new Date()
    .toISOString()
    .replace(/[-:.TZ]/g, '')
    .slice(0, 14)}-${randomBytes(3).toString('hex')}`;

/** The addresses of files of a build (static-site.ts `addressOf`). */
const addresses = (files: readonly string[]) =>
  files.map(addressOf).filter((address): address is string => address !== null);

/** Adds the step times of a part of a publish to the publish's. */
function addUp(total: Record<string, number>, part: Record<string, number>): void {
  for (const [key, ms] of Object.entries(part)) total[key] = (total[key] ?? 0) + ms;
}

export { msUntilSeoulMidnight };

/** A small publish's new blobs are compressed again at the best brotli level after the switch. */
const RECOMPRESS_MAX = 500;

export interface PublisherStatus {
  building: boolean;
  dirty: boolean;
  live: string | null;
  previous: string | null;
  pages: number;
  /** files of the live site waiting for their brotli variant (docs/decisions/140) */
  compressing: number;
  /** pages the last successful build rendered and reused (incremental build); null before one */
  lastBuild: (BuildStats & { build: string; durationMs: number }) | null;
}

/**
 * Pages the midnight rebuild changed although they do not read the date: a change before it
 * altered their data without naming a key they read, so they had stayed as they were.
 */
interface NightlyCheck {
  build: string;
  /** how many such pages */
  unnamed: number;
  /** the first 20 of them */
  files: string[];
}

/** The reason the midnight rebuild gives. */
export const DAILY_REASON = '날짜 변경 (자정)';
/** The reason of the render at start when the live pages were made by another version's code. */
export const NEW_CODE_REASON = '시작: 새 버전';

/** Where the publisher keeps the renderer's cache inside a data folder. */
export const buildCacheDir = (dataDir: string) => join(dataDir, 'build-cache');

/**
 * The midnight rebuild renders every page; when nothing but the date moved since the build before
 * (same code, no write in between), a page it changed that does not read the date was missed by a
 * change: its data changed under a key its reads did not name (docs/decisions/125). The rebuild
 * has repaired it; the check says so (its run on the dashboard, decision 129; a gauge and the log),
 * for the read to be fixed. Null when the builds' code differs: then every page may have changed.
 */
function checkDeps(
  before: LoadedSite | null,
  live: LoadedSite,
  changed: string[],
): NightlyCheck | null {
  const deps = live.deps;
  if (!deps || before?.deps?.code !== deps.code) return null;
  const unnamed = changed.filter((rel) => deps.files[rel] && !deps.files[rel].includes('today'));
  return { build: live.id, unnamed: unnamed.length, files: unnamed.slice(0, 20) };
}

/**
 * Keeps the public site in step with the database: debounced builds, one at a time, into a fresh
 * folder; an atomic switch of the live build; the previous build kept for rollback.
 */
export class Publisher {
  readonly #o: PublisherOptions;
  readonly #buildsDir: string;
  /** the builds on disk: blobs by content hash, a manifest per build, the pointer (site-store.ts) */
  readonly #store: SiteStore;
  /** every kept build as a folder tree of links to its blobs, and `live` naming the live one */
  readonly #trees: SiteTrees;
  /** blobs waiting for their brotli variant (or a better one), made when no publish runs */
  readonly #compress: CompressQueue;
  #live: LoadedSite | null = null;
  /** renders pages in renderer processes with Astro's prerender app loaded; null with a stand-in build */
  readonly #engine: RenderEngine | null;
  #pointer: Pointer = { live: null, previous: null };
  #dirtyReasons: string[] = [];
  /** what the waiting changes named (change-keys.ts); null: one named nothing, render every page */
  #changes: Set<string> | null = new Set();
  /** when the oldest change still waiting for a build came in */
  #dirtySince: number | null = null;
  #timer: NodeJS.Timeout | null = null;
  #dailyTimer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;
  #abort: AbortController | null = null;
  #idleWaiters: Array<() => void> = [];
  #stopped = false;
  /**
   * Set when start() begins: before it, a node that does not hold the publisher lease (decision
   * 152) ignores writes and publish requests, which the holder's publisher takes from the record.
   */
  #started = false;
  #lastBuild: PublisherStatus['lastBuild'] = null;
  /** failed builds in a row, and the retry waiting after them */
  #failures = 0;
  #retryTimer: NodeJS.Timeout | null = null;
  /** switches of the live build (a publish, a rollback) and pruning happen one at a time */
  #switching: Promise<unknown> = Promise.resolve();
  /** a publish is storing blobs that no manifest names yet: no collection may run */
  #storing = false;
  /** the collection of old blobs running now, which a publish stops before it stores blobs */
  #collecting: { stop: AbortController; done: Promise<unknown> } | null = null;
  /** the newest row of the change record handed to markDirty: a build started after it shows it */
  #fed = 0;
  /** the reading of the change record running now, and whether another was asked for meanwhile */
  #draining: Promise<void> | null = null;
  #drainAgain = false;
  #pollTimer: NodeJS.Timeout | null = null;
  /** when published rows of the record were last deleted */
  #forgotAt = 0;

  constructor(options: PublisherOptions) {
    this.#o = options;
    this.#buildsDir = join(options.dataDir, 'builds');
    this.#store = new SiteStore(this.#buildsDir);
    this.#trees = new SiteTrees(this.#store);
    this.#compress = new CompressQueue(
      this.#store,
      () => this.whenIdle(),
      (rels, entry) => this.#relink(rels, entry),
    );
    const cacheDir = options.cacheDir ?? buildCacheDir(options.dataDir);
    this.#engine = options.build
      ? null
      : new RenderEngine({
          codeDir: workDirFor(cacheDir),
          publicOrigin: options.publicOrigin,
          today: options.today,
          idleMs: options.rendererIdleMs,
        });
    if (this.#engine) claimWorkDir(this.#engine.codeDir, cacheDir);
  }

  /** The renderer (tests kill its processes to see them replaced). */
  get engine(): RenderEngine | null {
    return this.#engine;
  }

  get site(): LoadedSite | null {
    return this.#live;
  }

  /** The builds on disk (content-addressed blobs and manifests). */
  get store(): SiteStore {
    return this.#store;
  }

  /** The builds as folder trees, and the `live` link to the live one. */
  get trees(): SiteTrees {
    return this.#trees;
  }

  status(): PublisherStatus {
    return {
      building: this.#running !== null,
      dirty: this.#dirtyReasons.length > 0,
      live: this.#pointer.live,
      previous: this.#pointer.previous,
      pages: this.#live?.pages ?? 0,
      compressing: this.#compress.waiting,
      lastBuild: this.#lastBuild,
    };
  }

  /** Resolves when the blobs waiting for their brotli variant have it (or the publisher stopped). */
  compressed(): Promise<void> {
    return this.#compress.idle();
  }

  /** Loads the live build from disk; builds at once when there is none. */
  async start(): Promise<void> {
    this.#started = true;
    await mkdir(this.#buildsDir, { recursive: true });
    const { db } = this.#o;
    // A run still marked running was cut off by a crash or a kill: no process is building it now.
    const cutOff = await db
      .selectFrom('publish_runs')
      .select('whole')
      .where('status', '=', 'running')
      .execute();
    await db
      .updateTable('publish_runs')
      .set({
        status: 'failed',
        finished_at: new Date().toISOString(),
        error: '서버가 멈춰 빌드가 끝나지 않았습니다 (interrupted).',
      })
      .where('status', '=', 'running')
      .execute();
    this.#pointer = await this.#store.readPointer();
    const manifest = this.#pointer.live ? await this.#store.readManifest(this.#pointer.live) : null;
    // the live build's tree, and `live` naming it (a crash may have come between the two renames)
    await this.#trees.open(manifest ? manifest.id : null, manifest?.files ?? null);
    // what an interrupted build left: its manifest, its blobs, its tree
    await this.#prune(manifest ? [manifest] : []);
    if (!this.#o.build) pruneOrphanWorkDirs();
    if (manifest) {
      this.#live = await siteFromManifest(this.#store, manifest);
      if (this.#live.deps) shareKeyStrings(this.#live.deps);
      // a stop before the background compression of the last build was done
      this.#compressLater(manifest.files, Object.keys(manifest.files));
      // a whole render cut off by a crash is made again; a partial one's changes are still
      // unmarked in the change record and are read from it below
      if (cutOff.some((run) => run.whole === 1)) this.markDirty('시작: 중단된 빌드', 0);
      // changes the last process (or another one) committed and did not get to publish are read
      // from the change record below, and only their pages are rendered
      this.#fed = await publishedUpTo(db);
    } else {
      // the first build renders every page: whatever the record holds is in it
      this.#fed = await lastChangeId(db);
      this.markDirty('첫 빌드', 0);
    }
    await this.#drain();
    const pollMs = this.#o.pollMs ?? 500;
    if (pollMs > 0) {
      this.#pollTimer = setInterval(() => void this.#poll(), pollMs);
      this.#pollTimer.unref();
    }
    if (this.#o.dailyRebuild !== false) this.#scheduleDaily();
    // The code build (Vite) runs now, not when the first change comes in. Pages another code made
    // are made again at once: a new version shows on the site without waiting for a change, and
    // the first change after it renders only its own pages. With no live build the first build
    // renders every page in renderers of its own, and the kept one warms up after it: warmed now,
    // it would list the pages only once its sample of them is rendered.
    this.#engine
      ?.warm(this.#live ? this.#o.dbFile : undefined)
      .then(({ code }) => {
        const pending = this.#running !== null || this.#dirtyReasons.length > 0;
        if (this.#live && this.#live.deps?.code !== code && !pending)
          this.markDirty(NEW_CODE_REASON, 0);
      })
      .catch((err: Error) =>
        logger.warn('renderer did not start', { error: err.message.slice(0, 2000) }),
      );
  }

  /**
   * Readies a publisher that does not publish yet (its node waits for the publisher lease): the
   * renderer's code is made now, so a takeover renders its first publish at once.
   */
  async prepare(): Promise<void> {
    await this.#engine?.prepareCode();
  }

  /**
   * A write was committed (the app calls this after every write request): the change record is
   * read at once, and what it holds is published.
   */
  changesCommitted(): void {
    if (this.#stopped || !this.#started) return;
    void this.#drain();
  }

  /** Asks the record for rows another process wrote: one `max(id)`. */
  async #poll(): Promise<void> {
    if (this.#stopped || this.#draining) return;
    try {
      if ((await lastChangeId(this.#o.db)) > this.#fed) await this.#drain();
    } catch (err) {
      logger.warn('change record not read', { error: (err as Error).message });
    }
  }

  /**
   * Reads the rows after the last one handed on, maps them to pages (change-map.ts) and marks the
   * site dirty with them. One reading at a time; a wake during one reads again after it.
   */
  #drain(): Promise<void> {
    if (this.#draining) {
      this.#drainAgain = true;
      return this.#draining;
    }
    this.#draining = (async () => {
      do {
        this.#drainAgain = false;
        const pending = await pendingChanges(this.#o.db, this.#fed);
        if (!pending || this.#stopped) continue;
        this.#fed = pending.upTo;
        // rollbacks asked for on a node that does not publish (rollbackOnAnyNode)
        for (let i = 0; i < pending.rollbacks; i++) await this.rollback();
        if (pending.changes === null) this.markDirty(pending.reason);
        else if (pending.changes.length > 0)
          this.markDirty(pending.reason, undefined, pending.changes);
        // rows that cancel out (a save of what was there) change no page: nothing to build, and
        // with no build waiting they are published as they are
        else if (!this.#running && this.#dirtyReasons.length === 0)
          await markPublished(this.#o.db, pending.upTo);
      } while (this.#drainAgain && !this.#stopped);
    })()
      .catch((err: Error) => logger.warn('change record not read', { error: err.message }))
      .finally(() => {
        this.#draining = null;
        if (!this.#running && !this.#timer && this.#dirtyReasons.length === 0) this.#notifyIdle();
      });
    return this.#draining;
  }

  /** Marks the rows a live build shows as published; now and then deletes old published rows. */
  async #markPublished(upTo: number): Promise<void> {
    const { db } = this.#o;
    await markPublished(db, upTo);
    if (Date.now() - this.#forgotAt < 60 * 60_000) return;
    this.#forgotAt = Date.now();
    await forgetPublished(db);
  }

  /** Staff are about to save a change: the renderer gets ready for it (render-engine.ts). */
  expectChange(): void {
    if (this.#stopped || !this.#started) return;
    this.#engine
      ?.expectChange(this.#o.dbFile)
      .catch((err: Error) =>
        logger.warn('renderer did not start', { error: err.message.slice(0, 2000) }),
      );
  }

  /**
   * Public data changed: build after a quiet moment (or at once with delay 0). Each change pushes
   * the build back by the debounce time, but never past maxWaitMs after the first waiting change.
   * `changes` names what changed (change-keys.ts), so only the pages that read it are rendered;
   * without it every page is.
   */
  markDirty(reason: string, delayMs = this.#o.debounceMs ?? 50, changes?: readonly string[]): void {
    if (this.#stopped || !this.#started) return;
    this.#dirtyReasons.push(reason);
    if (!changes) this.#changes = null;
    else if (this.#changes) for (const c of changes) this.#changes.add(c);
    this.#cancelRetry(); // a build is coming anyway
    const now = Date.now();
    this.#dirtySince ??= now;
    const latest = this.#dirtySince + (this.#o.maxWaitMs ?? 5000);
    const delay = Math.max(0, Math.min(delayMs, latest - now));
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.#kick();
    }, delay);
  }

  /** Resolves when no build is running or pending, and the change record is not being read. */
  whenIdle(): Promise<void> {
    if (!this.#running && !this.#timer && this.#dirtyReasons.length === 0 && !this.#draining)
      return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  /** Whether this node publishes now (it holds the publisher lease and was started). */
  get publishing(): boolean {
    return this.#started && !this.#stopped;
  }

  /**
   * A rollback asked for on any node: done here when this node publishes, else asked of the node
   * that does through the change record, waiting (up to `waitMs`) until the shared folder's live
   * build has switched. The live build before and after; 'no previous build'; or 'no answer' when
   * the live build did not switch within the wait (the request stays for the publishing node).
   */
  async rollbackOnAnyNode(
    reason: string,
    waitMs = 15_000,
  ): Promise<{ before: string | null; live: string | null } | 'no previous build' | 'no answer'> {
    if (this.publishing) {
      const before = this.#pointer.live;
      return (await this.rollback()) ? { before, live: this.#pointer.live } : 'no previous build';
    }
    const pointer = await this.#store.readPointer();
    if (!pointer.previous) return 'no previous build';
    await requestFromPublisher(this.#o.db, { action: 'rollback', reason });
    const deadline = Date.now() + waitMs;
    while (Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      const now = await this.#store.readPointer();
      if (now.live !== pointer.live) return { before: pointer.live, live: now.live };
    }
    return 'no answer';
  }

  /** Switches back to the previous build (admin action); the next publish replaces it again. */
  rollback(): Promise<boolean> {
    return this.#exclusive(async () => {
      const prev = this.#pointer.previous;
      const manifest = prev ? await this.#store.readManifest(prev) : null;
      if (!prev || !manifest) return false;
      const site = await siteFromManifest(this.#store, manifest);
      if (site.deps) shareKeyStrings(site.deps);
      const live = this.#pointer.live;
      const changed = treeChanges(this.#live?.manifest?.files ?? {}, manifest.files);
      await this.#trees.prepare(prev, manifest.files, changed, [live], live);
      await this.#writePointer({ ...this.#pointer, live: prev, previous: live });
      await this.#trees.switchTo(prev, changed);
      this.#live = site;
      return true;
    });
  }

  /** Runs `task` after every switch or prune already under way (a rollback cannot load a folder being pruned). */
  #exclusive<T>(task: () => Promise<T>): Promise<T> {
    const result = this.#switching.then(task);
    this.#switching = result.catch(() => undefined);
    return result;
  }

  /** Stops scheduling builds and stops a running one (its child process is killed). */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#compress.stop();
    if (this.#timer) clearTimeout(this.#timer);
    if (this.#dailyTimer) clearTimeout(this.#dailyTimer);
    if (this.#pollTimer) clearInterval(this.#pollTimer);
    this.#cancelRetry();
    this.#abort?.abort();
    await this.#draining;
    await this.#running?.catch(() => undefined);
    await this.#engine?.stop();
    this.#notifyIdle();
  }

  #scheduleDaily(): void {
    this.#dailyTimer = setTimeout(() => {
      this.markDirty(DAILY_REASON, 0);
      this.#scheduleDaily();
    }, msUntilSeoulMidnight() + 5000);
    this.#dailyTimer.unref();
  }

  #cancelRetry(): void {
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
  }

  #scheduleRetry(): void {
    const delay = (this.#o.retryDelaysMs ?? [30_000, 120_000])[this.#failures - 1];
    if (delay === undefined || this.#stopped) return;
    const attempt = this.#failures;
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null;
      this.markDirty(`재시도 ${attempt} (빌드 실패 후)`, 0);
    }, delay);
    this.#retryTimer.unref();
  }

  async #kick(): Promise<void> {
    if (this.#running || this.#stopped) return; // the running build re-checks dirtiness when done
    const reasons = this.#dirtyReasons.splice(0);
    const changes = this.#changes;
    this.#changes = new Set();
    this.#dirtySince = null;
    if (reasons.length === 0) return this.#notifyIdle();
    this.#cancelRetry();
    // the rows of the change record handed on so far: this build reads the database after them
    const upTo = this.#fed;
    this.#running = this.#buildOnce(reasons, changes, upTo)
      .catch((err: Error) => logger.error('publisher failed', { error: err.message }))
      .finally(() => {
        this.#running = null;
        if (this.#stopped) this.#notifyIdle();
        else if (this.#dirtyReasons.length > 0 && !this.#timer) void this.#kick();
        else if (!this.#timer) this.#notifyIdle();
      });
  }

  #notifyIdle(): void {
    for (const resolve of this.#idleWaiters.splice(0)) resolve();
  }

  async #buildOnce(reasons: string[], changes: Set<string> | null, upTo: number): Promise<void> {
    const { db } = this.#o;
    const started = Date.now();
    const reason = [...new Set(reasons)].join(', ').slice(0, 500);
    const run = await db
      .insertInto('publish_runs')
      .values({
        reason,
        started_at: new Date(started).toISOString(),
        status: 'running',
        whole: changes === null ? 1 : 0,
        finished_at: null,
        pages: null,
        duration_ms: null,
        error: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const abort = new AbortController();
    this.#abort = abort;
    this.#storing = true;
    if (this.#collecting) {
      this.#collecting.stop.abort();
      await this.#collecting.done;
    }
    // a rollback after this publish goes back to the build live before it, not to its first part
    const previous = this.#pointer.live;
    const before = this.#live;
    const stats: BuildStats = { rendered: 0, reused: 0 };
    const detail: Record<string, number> = {};
    const recompress: [string, BlobEntry][] = [];
    let full = false;
    let site: LoadedSite | null = null;
    let firstLiveMs = 0;
    const changedFiles: string[] = [];
    let removed = 0;
    let written = 0;
    /** Writes one part of the publish as a build and switches it live. */
    const publish = async (result: BuildResult): Promise<void> => {
      const { input } = result;
      if (!input.paths.includes('index.html') && !input.paths.includes(HOME_PAGE))
        throw new Error('빌드 결과에 index.html이 없습니다.');
      if (abort.signal.aborted) throw new Error('서버를 멈추느라 빌드를 그만두었습니다.');
      const id = newBuildId();
      const rendered = Date.now();
      // blobs, manifest, pointer, memory: one at a time with rollbacks and collection of old blobs
      const w = await this.#exclusive(async () => {
        const writing = Date.now();
        const w = await writeBuild(this.#store, id, input, this.#live, {
          depsOnDisk: result.last,
        });
        const treeing = Date.now();
        const liveId = this.#live?.id ?? null;
        const changed = treeChanges(this.#live?.manifest?.files ?? {}, w.manifest.files);
        await this.#trees.prepare(id, w.manifest.files, changed, [previous], liveId);
        if (abort.signal.aborted) throw new Error('서버를 멈추느라 빌드를 그만두었습니다.');
        const switching = Date.now();
        // the switch: a rename of live.json on disk and of the `live` link to the build's tree,
        // then one reference assignment in memory
        await this.#writePointer({ live: id, previous });
        await this.#trees.switchTo(id, changed);
        this.#live = w.site;
        addUp(detail, {
          ...result.detail,
          waitMs: writing - rendered,
          writeMs: treeing - writing,
          treeMs: switching - treeing,
          switchMs: Date.now() - switching,
        });
        return w;
      });
      firstLiveMs ||= Date.now() - started;
      site = w.site;
      stats.rendered += result.stats.rendered;
      // the pages an earlier part rendered are the last part's reused ones
      stats.reused = result.stats.reused - (stats.rendered - result.stats.rendered);
      full ||= result.full;
      recompress.push(...w.recompress);
      // what the renderers stored without brotli (a large render), compressed once it is live
      this.#compressLater(w.manifest.files, [
        ...input.made.keys(),
        ...(input.stored?.keys() ?? []),
      ]);
      written += w.written;
      changedFiles.push(...w.changed);
      removed += w.removed.length;
      void this.#callDeployHook({
        build: id,
        pages: w.site.pages,
        manifest: this.#store.manifestPath(id),
        blobs: this.#store.blobsDir,
        tree: this.#trees.treeDir(id),
        changed: addresses(w.changed),
        removed: addresses(w.removed),
        files: { changed: w.changed, removed: w.removed },
      });
    };
    try {
      if (this.#o.build) await publish(await this.#standInBuild(abort.signal));
      else await this.#engineBuild(abort.signal, changes, publish);
      const live = site as LoadedSite | null;
      if (!live) throw new Error('빌드 결과가 없습니다.');
      const visibleMs = Date.now() - started;
      this.#lastBuild = { build: live.id, durationMs: visibleMs, ...stats };
      this.#failures = 0;
      // a mark not saved is read again after a restart: those pages are rendered once more
      await this.#markPublished(upTo).catch((err: Error) =>
        logger.warn('change record not marked', { error: err.message }),
      );
      const check =
        full && reasons.every((r) => r === DAILY_REASON)
          ? checkDeps(before, live, changedFiles)
          : null;
      await db
        .updateTable('publish_runs')
        .set({
          status: 'success',
          finished_at: new Date().toISOString(),
          pages: live.pages,
          duration_ms: visibleMs,
          unnamed_pages: check?.unnamed ?? null,
          unnamed_files: check ? JSON.stringify(check.files) : null,
        })
        .where('id', '=', run.id)
        .execute();
      // the run on the dashboard is the check's record; the gauge and the log are for alerts
      if (check) {
        metrics.unnamedChanges(check.unnamed);
        if (check.unnamed > 0) logger.warn('pages changed that no change had named', { ...check });
      }
      metrics.buildPublished(visibleMs / 1000, live.pages);
      logger.info('site published', {
        build: live.id,
        pages: live.pages,
        rendered: stats.rendered,
        reused: stats.reused,
        ...detail,
        written,
        changed: changedFiles.length,
        removed,
        firstLiveMs,
        visibleMs,
        durationMs: Date.now() - started,
        reason,
      });
      // older builds go in the background: deleting a big folder must not hold up the next build
      this.#storing = false;
      // the live build's manifest and the one before it are in memory: none is read from disk
      const loaded = [live.manifest, before?.manifest].filter((m) => m !== undefined);
      void this.#exclusive(() => this.#prune(loaded)).catch((err: Error) =>
        logger.warn('old builds not deleted', { error: err.message }),
      );
      if (!full && recompress.length <= RECOMPRESS_MAX) this.#compress.add(recompress);
    } catch (err) {
      const message =
        (abort.signal.aborted ? '서버를 멈추느라 빌드를 그만두었습니다. ' : '') +
        String((err as Error)?.message ?? err).slice(0, 4000);
      await db
        .updateTable('publish_runs')
        .set({
          status: 'failed',
          finished_at: new Date().toISOString(),
          duration_ms: Date.now() - started,
          error: message,
        })
        .where('id', '=', run.id)
        .execute()
        .catch(() => undefined);
      logger.error('site build failed', { error: message });
      metrics.publishFailed();
      if (!abort.signal.aborted) {
        this.#failures++;
        this.#scheduleRetry();
      }
    } finally {
      this.#storing = false;
      if (this.#abort === abort) this.#abort = null;
    }
  }

  /** A stand-in builder (tests) writes a whole folder; its files become the build's. */
  async #standInBuild(signal: AbortSignal): Promise<BuildResult> {
    const dir = await mkdtemp(join(tmpdir(), 'sbsa-stand-in-'));
    try {
      await this.#o.build!(dir, signal);
      if (!buildExists(dir)) throw new Error('빌드 결과에 index.html이 없습니다.');
      // a stand-in's pages count as neither rendered nor reused
      return {
        stats: { rendered: 0, reused: 0 },
        input: await folderBuild(dir),
        full: true,
        last: true,
        detail: {},
      };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /**
   * The renderer renders the pages of the live build that read what changed, and new pages when
   * the set of pages changed (every page when a change named nothing, the code changed or the live
   * build has no dependencies); the new build takes them and keeps the live build's blob for
   * everything else (write-build.ts). A change of many pages is published in two parts, the pages
   * fans open first ahead of the rest (publish-order.ts); each part is handed to `publish` to be
   * switched live. A renderer that died during a job (killed, out of memory) is replaced and the
   * job run once more.
   */
  async #engineBuild(
    signal: AbortSignal,
    changes: Set<string> | null,
    publish: (result: BuildResult) => Promise<void>,
  ): Promise<void> {
    const engine = this.#engine!;
    const warming = Date.now();
    const { code } = await engine.warm();
    // the code build, when the code changed (0 when it was built before the publish)
    const codeMs = Date.now() - warming;
    const picking = Date.now();
    const live = this.#live;
    let requests: RenderRequest[] = [{ files: 'all' }];
    if (changes && live?.deps?.code === code) {
      const { keys, teams } = await expandChange(this.#o.db, changes);
      const files = dependents(live.deps, keys);
      // a change to the set of pages lists them all, and renders the new ones, in one part
      const named = [...keys];
      requests = keys.has('paths')
        ? [{ files, known: Object.keys(live.deps.files), keys: named }]
        : publishOrder(files, teams).map((part) => ({ files: part, known: null, keys: named }));
    }
    let pickMs = Date.now() - picking;
    for (const [i, request] of requests.entries()) {
      const { render, renderMs } = await this.#render(request, signal);
      const assembling = Date.now();
      const input = await renderedBuild(render, engine.codeDir, this.#live);
      await publish({
        stats: {
          rendered: render.stored.size,
          reused: input.paths.length - input.made.size - render.stored.size,
        },
        input,
        full: request.files === 'all',
        last: i === requests.length - 1,
        detail: {
          codeMs: i === 0 ? codeMs : 0,
          pickMs,
          renderMs,
          pathsMs: render.ms.paths,
          assembleMs: Date.now() - assembling,
        },
      });
      pickMs = 0;
    }
  }

  /** One render job, its blobs stored by the renderers: no page's bytes pass through here. */
  async #render(request: RenderRequest, signal: AbortSignal) {
    const engine = this.#engine!;
    const storeDir = this.#store.dir;
    const started = Date.now();
    let render: RenderResult;
    try {
      render = await engine.render(this.#o.dbFile, request, signal, storeDir);
    } catch (err) {
      if (signal.aborted || !(err as Error).message.startsWith('the renderer stopped')) throw err;
      logger.warn('renderer stopped during a publish; trying again', {
        error: (err as Error).message.slice(0, 500),
      });
      render = await engine.render(this.#o.dbFile, request, signal, storeDir);
    }
    return { render, renderMs: Date.now() - started };
  }

  async #callDeployHook(payload: DeployHookPayload): Promise<void> {
    if (!this.#o.deployHookUrl) return;
    try {
      const res = await fetch(this.#o.deployHookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(30_000),
      });
      if (!res.ok) logger.warn('deploy hook answered', { status: res.status });
    } catch (err) {
      logger.warn('deploy hook failed', { error: (err as Error).message });
    }
  }

  /**
   * Keeps only the live and previous builds, the blobs they name (site-store.ts) and their trees
   * with one spare (site-trees.ts); `loaded`: manifests of those builds already in memory.
   */
  async #prune(loaded: readonly Manifest[] = []): Promise<void> {
    if (this.#storing) return; // the publish running now collects after its switch
    const stop = new AbortController();
    const keep = [this.#pointer.live, this.#pointer.previous];
    const done = this.#trees.collect(keep, stop.signal).then(async (trees) => ({
      ...(await this.#store.collect(keep, stop.signal, loaded)),
      trees,
    }));
    this.#collecting = { stop, done: done.catch(() => undefined) };
    try {
      const { blobs, builds, trees } = await done;
      if (blobs || builds || trees) logger.debug('old builds collected', { blobs, builds, trees });
    } finally {
      if (this.#collecting?.stop === stop) this.#collecting = null;
    }
  }

  /** A live blob's brotli variant made after its switch: the trees link it. */
  #relink(rels: string[], entry: BlobEntry): Promise<void> {
    return this.#exclusive(async () => {
      const live = this.#live?.manifest;
      const still = rels.filter((rel) => live?.files[rel]?.h === entry.h);
      if (still.length > 0) await this.#trees.relink(still, entry);
    });
  }

  /**
   * The files of a build that have no brotli variant yet and should (a large render stores them
   * without: docs/decisions/140), queued to be compressed now that the build is live.
   */
  #compressLater(files: Record<string, BlobEntry>, paths: Iterable<string>): void {
    const todo: [string, BlobEntry][] = [];
    for (const rel of paths) {
      const entry = files[rel];
      if (entry && entry.br === undefined && shouldCompress(rel, entry.n)) todo.push([rel, entry]);
    }
    this.#compress.add(todo);
  }

  async #writePointer(pointer: Pointer): Promise<void> {
    await this.#store.writePointer(pointer);
    this.#pointer = pointer;
  }
}
