import { mkdir, readFile, rename, rm, readdir, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Db } from '../db/database.ts';
import { logger } from '../logger.ts';
import { compressBuild } from './compress-build.ts';
import { loadSite, buildExists } from './static-site.ts';
import type { LoadedSite } from './static-site.ts';
import { runAstroBuild } from './run-astro-build.ts';

export interface PublisherOptions {
  db: Db;
  dataDir: string;
  dbFile: string;
  debounceMs?: number;
  publicOrigin?: string;
  deployHookUrl?: string;
  /** Replaces the real astro build (used to make a build fail on purpose in tests). */
  build?: (outDir: string) => Promise<void>;
}

interface Pointer { live: string | null; previous: string | null }

export interface PublisherStatus {
  building: boolean;
  dirty: boolean;
  live: string | null;
  previous: string | null;
  pages: number;
}

/**
 * Keeps the public site in step with the database: debounced builds, one at a time, into a fresh
 * folder; an atomic switch of the live build; the previous build kept for rollback.
 */
export class Publisher {
  readonly #o: PublisherOptions;
  readonly #buildsDir: string;
  #live: LoadedSite | null = null;
  #pointer: Pointer = { live: null, previous: null };
  #dirtyReasons: string[] = [];
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;
  #idleWaiters: Array<() => void> = [];
  #stopped = false;

  constructor(options: PublisherOptions) {
    this.#o = options;
    this.#buildsDir = join(options.dataDir, 'builds');
  }

  get site(): LoadedSite | null { return this.#live; }

  status(): PublisherStatus {
    return {
      building: this.#running !== null, dirty: this.#dirtyReasons.length > 0,
      live: this.#pointer.live, previous: this.#pointer.previous, pages: this.#live?.pages ?? 0,
    };
  }

  /** Loads the live build from disk; builds at once when there is none. */
  async start(): Promise<void> {
    await mkdir(this.#buildsDir, { recursive: true });
    this.#pointer = await this.#readPointer();
    if (this.#pointer.live && buildExists(join(this.#buildsDir, this.#pointer.live))) {
      this.#live = await loadSite(this.#pointer.live, join(this.#buildsDir, this.#pointer.live));
    } else {
      this.markDirty('첫 빌드', 0);
    }
  }

  /** Public data changed: build after a quiet moment (or at once with delay 0). */
  markDirty(reason: string, delayMs = this.#o.debounceMs ?? 500): void {
    if (this.#stopped) return;
    this.#dirtyReasons.push(reason);
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => { this.#timer = null; void this.#kick(); }, delayMs);
  }

  /** Resolves when no build is running or pending. */
  whenIdle(): Promise<void> {
    if (!this.#running && !this.#timer && this.#dirtyReasons.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  /** Switches back to the previous build (admin action). */
  async rollback(): Promise<boolean> {
    const prev = this.#pointer.previous;
    if (!prev || !buildExists(join(this.#buildsDir, prev))) return false;
    const site = await loadSite(prev, join(this.#buildsDir, prev));
    await this.#writePointer({ live: prev, previous: this.#pointer.live });
    this.#live = site;
    return true;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    await this.#running?.catch(() => undefined);
  }

  async #kick(): Promise<void> {
    if (this.#running || this.#stopped) return; // the running build re-checks dirtiness when done
    const reasons = this.#dirtyReasons.splice(0);
    if (reasons.length === 0) return this.#notifyIdle();
    this.#running = this.#buildOnce(reasons).finally(() => {
      this.#running = null;
      if (this.#dirtyReasons.length > 0 && !this.#timer) void this.#kick();
      else if (!this.#timer) this.#notifyIdle();
    });
  }

  #notifyIdle(): void {
    for (const resolve of this.#idleWaiters.splice(0)) resolve();
  }

  async #buildOnce(reasons: string[]): Promise<void> {
    const { db } = this.#o;
    const id = `${new Date().toISOString().replace(/[-:.TZ]/g, '').slice(0, 14)}-${randomBytes(3).toString('hex')}`;
    const outDir = join(this.#buildsDir, id);
    const started = Date.now();
    const reason = [...new Set(reasons)].join(', ').slice(0, 500);
    const run = await db.insertInto('publish_runs')
      .values({ reason, started_at: new Date(started).toISOString(), status: 'running', finished_at: null, pages: null, duration_ms: null, error: null })
      .returning('id').executeTakeFirstOrThrow();
    try {
      if (this.#o.build) await this.#o.build(outDir);
      else await runAstroBuild({ dbFile: this.#o.dbFile, outDir, publicOrigin: this.#o.publicOrigin });
      if (!buildExists(outDir)) throw new Error('빌드 결과에 index.html이 없습니다.');
      await compressBuild(outDir);
      const site = await loadSite(id, outDir);
      await this.#writePointer({ live: id, previous: this.#pointer.live });
      this.#live = site; // the switch: one reference assignment, requests see the old or the new build
      const duration = Date.now() - started;
      await db.updateTable('publish_runs').set({ status: 'success', finished_at: new Date().toISOString(), pages: site.pages, duration_ms: duration }).where('id', '=', run.id).execute();
      logger.info('site published', { build: id, pages: site.pages, durationMs: duration, reason });
      await this.#prune();
      void this.#callDeployHook(id, site.pages);
    } catch (err) {
      const message = (err as Error).message.slice(0, 4000);
      await db.updateTable('publish_runs').set({ status: 'failed', finished_at: new Date().toISOString(), duration_ms: Date.now() - started, error: message }).where('id', '=', run.id).execute().catch(() => undefined);
      await rm(outDir, { recursive: true, force: true });
      logger.error('site build failed', { build: id, error: message });
    }
  }

  async #callDeployHook(id: string, pages: number): Promise<void> {
    if (!this.#o.deployHookUrl) return;
    try {
      const res = await fetch(this.#o.deployHookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ build: id, pages, dir: join(this.#buildsDir, id) }) });
      if (!res.ok) logger.warn('deploy hook answered', { status: res.status });
    } catch (err) {
      logger.warn('deploy hook failed', { error: (err as Error).message });
    }
  }

  /** Keeps only the live and previous builds. */
  async #prune(): Promise<void> {
    const keep = new Set([this.#pointer.live, this.#pointer.previous]);
    for (const entry of await readdir(this.#buildsDir, { withFileTypes: true })) {
      if (entry.isDirectory() && !keep.has(entry.name)) await rm(join(this.#buildsDir, entry.name), { recursive: true, force: true });
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
