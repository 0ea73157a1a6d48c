import { mkdir, readFile, rename, rm, readdir, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Db } from '../db/database.ts';
import { logger } from '../logger.ts';
import { metrics } from '../metrics.ts';
import { loadSite, buildExists, prepareSite } from './static-site.ts';
import type { LoadedSite } from './static-site.ts';
import { claimWorkDir, pruneOrphanWorkDirs, workDirFor } from './run-astro-build.ts';
import type { BuildStats } from './run-astro-build.ts';
import { RenderEngine } from './render-engine.ts';
import type { RenderRequest } from './render-engine.ts';
import { dependents, expandChange } from './change-keys.ts';
import { writeBuild } from './write-build.ts';

export interface PublisherOptions {
  db: Db;
  dataDir: string;
  dbFile: string;
  /** quiet time after the last change before a build starts (default 500 ms) */
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
  /** Rebuild at midnight in Asia/Seoul, when "today" moves on (upcoming and recent games). Default on. */
  dailyRebuild?: boolean;
  /**
   * After a failed build, try again after these delays (default 30 s, then 2 min) unless a change
   * starts a build first: a passing fault (disk full for a moment, a killed child) heals by itself,
   * a real one is not retried for ever. [] turns retries off.
   */
  retryDelaysMs?: number[];
  /** Replaces the real astro build (used to make a build fail on purpose in tests). */
  build?: (outDir: string, signal: AbortSignal) => Promise<BuildStats | void>;
}

/** builds/live.json: the live and previous builds */
interface Pointer {
  live: string | null;
  previous: string | null;
}

/** A build made and loaded, not yet live; `complete` finishes its folder on disk. */
interface BuildResult {
  stats: BuildStats;
  site: LoadedSite;
  complete(): Promise<void>;
  detail: Record<string, number>;
}

export interface PublisherStatus {
  building: boolean;
  dirty: boolean;
  live: string | null;
  previous: string | null;
  pages: number;
  /** pages the last successful build rendered and reused (incremental build); null before one */
  lastBuild: (BuildStats & { build: string; durationMs: number }) | null;
}

/** Where the publisher keeps the renderer's cache inside a data folder. */
export const buildCacheDir = (dataDir: string) => join(dataDir, 'build-cache');

/** Milliseconds until the next midnight in Asia/Seoul (UTC+9, no daylight saving). */
export function msUntilSeoulMidnight(now = Date.now()): number {
  const day = 24 * 60 * 60 * 1000;
  const offset = 9 * 60 * 60 * 1000;
  return day - ((now + offset) % day);
}

/**
 * Keeps the public site in step with the database: debounced builds, one at a time, into a fresh
 * folder; an atomic switch of the live build; the previous build kept for rollback.
 */
export class Publisher {
  readonly #o: PublisherOptions;
  readonly #buildsDir: string;
  #live: LoadedSite | null = null;
  /** renders pages in a worker thread with Astro's prerender app loaded; null with a stand-in build */
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
  #lastBuild: PublisherStatus['lastBuild'] = null;
  /** the id of the build being made */
  #building: string | null = null;
  /** failed builds in a row, and the retry waiting after them */
  #failures = 0;
  #retryTimer: NodeJS.Timeout | null = null;
  /** switches of the live build (a publish, a rollback) and pruning happen one at a time */
  #switching: Promise<unknown> = Promise.resolve();

  constructor(options: PublisherOptions) {
    this.#o = options;
    this.#buildsDir = join(options.dataDir, 'builds');
    const cacheDir = options.cacheDir ?? buildCacheDir(options.dataDir);
    this.#engine = options.build
      ? null
      : new RenderEngine({
          codeDir: workDirFor(cacheDir),
          publicOrigin: options.publicOrigin,
          today: options.today,
        });
    if (this.#engine) claimWorkDir(this.#engine.codeDir, cacheDir);
  }

  /** The renderer (tests kill its worker to see it replaced). */
  get engine(): RenderEngine | null {
    return this.#engine;
  }

  get site(): LoadedSite | null {
    return this.#live;
  }

  status(): PublisherStatus {
    return {
      building: this.#running !== null,
      dirty: this.#dirtyReasons.length > 0,
      live: this.#pointer.live,
      previous: this.#pointer.previous,
      pages: this.#live?.pages ?? 0,
      lastBuild: this.#lastBuild,
    };
  }

  /** Loads the live build from disk; builds at once when there is none. */
  async start(): Promise<void> {
    await mkdir(this.#buildsDir, { recursive: true });
    const { db } = this.#o;
    // A run still marked running was cut off by a crash or a kill: no process is building it now.
    const interrupted = await db
      .updateTable('publish_runs')
      .set({
        status: 'failed',
        finished_at: new Date().toISOString(),
        error: '서버가 멈춰 빌드가 끝나지 않았습니다 (interrupted).',
      })
      .where('status', '=', 'running')
      .executeTakeFirst();
    this.#pointer = await this.#readPointer();
    await this.#prune(); // half-made folders of an interrupted build
    if (!this.#o.build) pruneOrphanWorkDirs();
    if (this.#pointer.live && buildExists(join(this.#buildsDir, this.#pointer.live))) {
      this.#live = await loadSite(this.#pointer.live, join(this.#buildsDir, this.#pointer.live));
      // Changes the last process saved but did not get to publish (it stopped while a build was
      // pending or running): every write is audited, so a change newer than the last good build
      // shows them. Rollbacks and accounts and roles are not public data.
      const [change, success] = await Promise.all([
        db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.max('at').as('at'))
          .where('entity', 'not in', [
            'site',
            'user',
            'board_role',
            'league_manager',
            'team_manager',
          ])
          .executeTakeFirst(),
        db
          .selectFrom('publish_runs')
          .select((eb) => eb.fn.max('started_at').as('at'))
          .where('status', '=', 'success')
          .executeTakeFirst(),
      ]);
      const unpublished =
        change?.at != null && (success?.at == null || String(change.at) > String(success.at));
      if (Number(interrupted.numUpdatedRows) > 0 || unpublished)
        this.markDirty('시작: 게시되지 않은 변경', 0);
    } else {
      this.markDirty('첫 빌드', 0);
    }
    if (this.#o.dailyRebuild !== false) this.#scheduleDaily();
    // the code build (Vite) runs now, not when the first change comes in
    this.#engine
      ?.warm()
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
  markDirty(
    reason: string,
    delayMs = this.#o.debounceMs ?? 200,
    changes?: readonly string[],
  ): void {
    if (this.#stopped) return;
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

  /** Resolves when no build is running or pending. */
  whenIdle(): Promise<void> {
    if (!this.#running && !this.#timer && this.#dirtyReasons.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  /** Switches back to the previous build (admin action); the next publish replaces it again. */
  rollback(): Promise<boolean> {
    return this.#exclusive(async () => {
      const prev = this.#pointer.previous;
      if (!prev || !buildExists(join(this.#buildsDir, prev))) return false;
      const site = await loadSite(prev, join(this.#buildsDir, prev));
      await this.#writePointer({ ...this.#pointer, live: prev, previous: this.#pointer.live });
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
    if (this.#timer) clearTimeout(this.#timer);
    if (this.#dailyTimer) clearTimeout(this.#dailyTimer);
    this.#cancelRetry();
    this.#abort?.abort();
    await this.#running?.catch(() => undefined);
    await this.#engine?.stop();
    this.#notifyIdle();
  }

  #scheduleDaily(): void {
    this.#dailyTimer = setTimeout(() => {
      this.markDirty('날짜 변경 (자정)', 0);
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
    this.#running = this.#buildOnce(reasons, changes)
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

  async #buildOnce(reasons: string[], changes: Set<string> | null): Promise<void> {
    const { db } = this.#o;
    const id = `${new Date()
      .toISOString()
      .replace(/[-:.TZ]/g, '')
      .slice(0, 14)}-${randomBytes(3).toString('hex')}`;
    const outDir = join(this.#buildsDir, id);
    const started = Date.now();
    const reason = [...new Set(reasons)].join(', ').slice(0, 500);
    const run = await db
      .insertInto('publish_runs')
      .values({
        reason,
        started_at: new Date(started).toISOString(),
        status: 'running',
        finished_at: null,
        pages: null,
        duration_ms: null,
        error: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const abort = new AbortController();
    this.#abort = abort;
    this.#building = id;
    let previousLive: LoadedSite | null = null;
    let switched = false;
    try {
      const { stats, site, complete, detail } = this.#o.build
        ? await this.#standInBuild(id, outDir, abort.signal)
        : await this.#engineBuild(id, outDir, abort.signal, changes);
      if (!site.files.has('/index.html') && !site.files.has('/sbsa/index.html'))
        throw new Error('빌드 결과에 index.html이 없습니다.');
      if (abort.signal.aborted) throw new Error('서버를 멈추느라 빌드를 그만두었습니다.');
      let visibleMs = 0;
      await this.#exclusive(async () => {
        previousLive = this.#live;
        this.#live = site; // the switch: one reference assignment, requests see the old or the new build
        switched = true;
        visibleMs = Date.now() - started;
        await complete(); // the rest of the folder on disk; then the pointer names it
        await this.#writePointer({ live: id, previous: this.#pointer.live });
      });
      const duration = Date.now() - started;
      this.#lastBuild = { build: id, durationMs: visibleMs, ...stats };
      this.#failures = 0;
      await db
        .updateTable('publish_runs')
        .set({
          status: 'success',
          finished_at: new Date().toISOString(),
          pages: site.pages,
          duration_ms: visibleMs,
        })
        .where('id', '=', run.id)
        .execute();
      metrics.buildPublished(visibleMs / 1000, site.pages);
      logger.info('site published', {
        build: id,
        pages: site.pages,
        rendered: stats.rendered,
        reused: stats.reused,
        ...detail,
        visibleMs,
        durationMs: duration,
        reason,
      });
      // older builds go in the background: deleting a big folder must not hold up the next build
      void this.#exclusive(() => this.#prune()).catch((err: Error) =>
        logger.warn('old builds not deleted', { error: err.message }),
      );
      void this.#callDeployHook(id, site.pages);
    } catch (err) {
      // finishing the folder failed after the switch (disk full): back to the build that was live
      if (switched && this.#live?.id === id) this.#live = previousLive;
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
      await rm(outDir, { recursive: true, force: true });
      logger.error('site build failed', { build: id, error: message });
      metrics.publishFailed();
      if (!abort.signal.aborted) {
        this.#failures++;
        this.#scheduleRetry();
      }
    } finally {
      if (this.#abort === abort) this.#abort = null;
      this.#building = null;
    }
  }

  /** A stand-in builder (tests) writes a whole fresh folder, compressed and loaded here. */
  async #standInBuild(id: string, outDir: string, signal: AbortSignal): Promise<BuildResult> {
    const stats = (await this.#o.build!(outDir, signal)) ?? { rendered: 0, reused: 0 };
    if (!buildExists(outDir)) throw new Error('빌드 결과에 index.html이 없습니다.');
    const { site, compressed } = await prepareSite(id, outDir, this.#live);
    return { stats, site, complete: async () => undefined, detail: { compressed } };
  }

  /**
   * The renderer renders the pages of the live build that read what changed, and new pages when
   * the set of pages changed (every page when a change named nothing, the code changed or the live
   * build has no dependencies); the new build folder takes them and links everything else from the
   * live build (write-build.ts). A renderer that died during the job (killed, out of memory) is
   * replaced and the job run once more.
   */
  async #engineBuild(
    id: string,
    outDir: string,
    signal: AbortSignal,
    changes: Set<string> | null,
  ): Promise<BuildResult> {
    const engine = this.#engine!;
    const live = this.#live;
    const { code } = await engine.warm();
    let request: RenderRequest = { files: 'all' };
    if (changes && live?.deps?.code === code) {
      const keys = await expandChange(this.#o.db, changes);
      request = {
        files: dependents(live.deps, keys),
        known: keys.has('paths') ? Object.keys(live.deps.files) : null,
      };
    }
    const started = Date.now();
    let render: Awaited<ReturnType<RenderEngine['render']>>;
    try {
      render = await engine.render(this.#o.dbFile, request, signal);
    } catch (err) {
      if (signal.aborted || !(err as Error).message.startsWith('the renderer stopped')) throw err;
      logger.warn('renderer stopped during a publish; trying again', {
        error: (err as Error).message.slice(0, 500),
      });
      render = await engine.render(this.#o.dbFile, request, signal);
    }
    const renderMs = Date.now() - started;
    const written = await writeBuild({ id, dir: outDir, render, codeDir: engine.codeDir, live });
    return {
      stats: {
        rendered: render.rendered.size,
        reused: written.site.files.size - written.written,
      },
      site: written.site,
      complete: written.complete,
      detail: {
        renderMs,
        pathsMs: render.ms.paths,
        written: written.written,
        linked: written.reused,
        compressed: written.compressed,
      },
    };
  }

  async #callDeployHook(id: string, pages: number): Promise<void> {
    if (!this.#o.deployHookUrl) return;
    try {
      const res = await fetch(this.#o.deployHookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ build: id, pages, dir: join(this.#buildsDir, id) }),
        signal: AbortSignal.timeout(30_000),
      });
      if (!res.ok) logger.warn('deploy hook answered', { status: res.status });
    } catch (err) {
      logger.warn('deploy hook failed', { error: (err as Error).message });
    }
  }

  /** Keeps only the live and previous builds, and one being made. */
  async #prune(): Promise<void> {
    const keep = new Set([this.#pointer.live, this.#pointer.previous, this.#building]);
    for (const entry of await readdir(this.#buildsDir, { withFileTypes: true })) {
      if (entry.isDirectory() && !keep.has(entry.name))
        await rm(join(this.#buildsDir, entry.name), { recursive: true, force: true });
    }
  }

  async #readPointer(): Promise<Pointer> {
    try {
      return JSON.parse(await readFile(join(this.#buildsDir, 'live.json'), 'utf8')) as Pointer;
    } catch {
      return { live: null, previous: null };
    }
  }

  // write-then-rename: a crash leaves either the old or the new pointer, never a torn file
  async #writePointer(pointer: Pointer): Promise<void> {
    const tmp = join(this.#buildsDir, `live.json.${process.pid}.tmp`);
    await writeFile(tmp, JSON.stringify(pointer));
    await rename(tmp, join(this.#buildsDir, 'live.json'));
    this.#pointer = pointer;
  }
}
