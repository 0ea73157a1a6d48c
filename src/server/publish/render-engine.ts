import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { stripTypesImport } from './strip-types-import.ts';
import { type CodeBuild, ensureCodeBuild } from './code-build.ts';
import { FAIL_BUILD_ENV, projectRoot } from './run-astro-build.ts';
import type { JobRequest, RenderRequest, WorkerMessage } from './render-worker.ts';
import { FILES_PER_JOB, inJobs } from './render-jobs.ts';
import type { StoredBlob } from './site-store.ts';

export type { RenderRequest };

export interface RenderEngineOptions {
  /** the code folder: `astro build` writes the client bundles and public files there (inside the project) */
  codeDir: string;
  /** the site's public origin (canonical links); default http://localhost:4321 */
  publicOrigin?: string;
  /** pins "today" (upcoming games) for reproducible renders; default: the date in Seoul */
  today?: string;
  /** renderer processes for a render of every page; default: one per core */
  workers?: number;
  /**
   * The kept renderer ends after this long without a job, and the next change starts a new one
   * (about a second, and its first pages render slower); 0 keeps it for good. Default 15 minutes.
   */
  idleMs?: number;
  /** the most files one job of a render of every page holds (FILES_PER_JOB) */
  filesPerJob?: number;
}

/** What one render job gives back. */
export interface RenderResult {
  /** the code build the pages were rendered with: pages of another code must be rendered again */
  code: string;
  /** every page and generated file of the site when the job listed them; null: unchanged */
  paths: string[] | null;
  /** the files rendered by this job, with their bytes (a render without a blob store) */
  rendered: Map<string, Buffer>;
  /** the files rendered by this job, as the blobs the renderer stored them as (a render with one) */
  stored: Map<string, StoredBlob>;
  /** the data keys each rendered file read (read-deps.ts) */
  deps: Map<string, string[]>;
  /** the files of the code build (client bundles, public files), relative to `codeDir` */
  codeFiles: string[];
  ms: { paths: number; render: number };
}

type JobResult = Omit<RenderResult, 'code' | 'codeFiles'>;

const workerFile = new URL('./render-worker.ts', import.meta.url);
/** a full render spreads over the renderers only when each gets at least this many files */
const MIN_FILES_PER_WORKER = 200;
/**
 * The kept renderer's heap. A saved record's ~100 pages on the bench association took 15 ms a page
 * with 160 MB and a 2 MB young generation, 9–10 ms with these limits: their season reads are
 * large, and a tight heap spends the job collecting garbage. V8 keeps a heap as large as the
 * biggest job needed, so the renderer ends when idle (`idleMs`) instead of holding it for good. A
 * job that needs more is run again by a renderer without the limit (RenderEngine.render).
 */
const KEPT_HEAP = ['--max-old-space-size=512', '--max-semi-space-size=16'];

/** One renderer process (render-worker.ts) and the jobs it is running. */
class Renderer {
  readonly ready: Promise<void>;
  readonly #child: ChildProcess;
  #jobs = 0;
  #pending = new Map<
    number,
    {
      result: JobResult;
      resolve(r: JobResult): void;
      reject(e: Error): void;
    }
  >();
  #log = '';
  #dead: Error | null = null;
  #queue: Promise<unknown> = Promise.resolve();
  /**
   * data keys of the changes since the last job sent; null: not known (a new renderer, a change
   * that named none)
   */
  #changedSince: Set<string> | null = null;
  /** the database file of the last job sent */
  #lastDbFile: string | null = null;

  /** `kept`: the renderer that stays between jobs, with a small heap (see KEPT_HEAP) */
  constructor(env: NodeJS.ProcessEnv, kept: boolean) {
    this.#child = fork(workerFile, [], {
      cwd: projectRoot,
      env,
      serialization: 'advanced',
      // the renderer collects its garbage after each job (render-worker.ts)
      execArgv: [
        ...process.execArgv,
        ...stripTypesImport,
        '--expose-gc',
        ...(kept ? KEPT_HEAP : []),
      ],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const keep = (chunk: Buffer) => {
      this.#log = (this.#log + chunk.toString()).slice(-8000);
    };
    this.#child.stdout?.on('data', keep);
    this.#child.stderr?.on('data', keep);
    this.ready = new Promise((resolve, reject) => {
      this.#child.on('message', (m: WorkerMessage) => {
        if (m.type === 'ready') {
          if (this.#pending.size === 0) this.#idle();
          resolve();
        } else if (m.type === 'failed') {
          reject(new Error(`the renderer did not start: ${m.message}\n${this.#log.slice(-3000)}`));
          this.kill();
        } else this.#onJobMessage(m);
      });
      const died = (why: string) => {
        const err = new Error(`the renderer stopped (${why}) ${this.#log.slice(-2000)}`.trim());
        this.#dead = err;
        reject(err);
        for (const p of this.#pending.values()) p.reject(err);
        this.#pending.clear();
      };
      this.#child.on('error', (err) => died(err.message));
      this.#child.on('exit', (code, signal) =>
        died(signal ? `signal ${signal}` : `exit code ${code}`),
      );
    });
    this.ready.catch(() => undefined); // a renderer nobody waited for may fail alone
  }

  get alive(): boolean {
    return this.#dead === null;
  }

  get pid(): number | undefined {
    return this.#child.pid;
  }

  #onJobMessage(m: Exclude<WorkerMessage, { type: 'ready' | 'failed' }>): void {
    const job = this.#pending.get(m.id);
    if (!job) return;
    if (m.type === 'part') {
      for (const r of m.rendered) {
        if ('stored' in r) job.result.stored.set(r.file, r.stored);
        else
          job.result.rendered.set(
            r.file,
            Buffer.from(r.body.buffer, r.body.byteOffset, r.body.byteLength),
          );
        job.result.deps.set(r.file, r.deps);
      }
      return;
    }
    this.#pending.delete(m.id);
    if (this.#pending.size === 0) this.#idle();
    if (m.type === 'error') job.reject(new Error(`rendering failed: ${m.message}`));
    else job.resolve({ ...job.result, paths: m.paths, ms: m.ms });
  }

  /** An idle renderer keeps no process alive. */
  #idle(): void {
    this.#child.unref();
    this.#child.channel?.unref();
    (this.#child.stdout as { unref?(): void } | null)?.unref?.();
    (this.#child.stderr as { unref?(): void } | null)?.unref?.();
  }

  /** A change of the data (its keys, or null when it named none), told to its next job. */
  noteChange(keys: readonly string[] | null): void {
    if (keys === null) this.#changedSince = null;
    else for (const key of keys) this.#changedSince?.add(key);
  }

  /** Runs a job after the ones before it: a job holds the renderer's one database snapshot. */
  job(dbFile: string, request: RenderRequest, storeDir?: string): Promise<JobResult> {
    const run = this.#queue.then(() => this.#run(dbFile, request, storeDir));
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #run(dbFile: string, request: RenderRequest, storeDir?: string): Promise<JobResult> {
    await this.ready;
    if (this.#dead) throw this.#dead;
    const id = ++this.#jobs;
    this.#child.ref();
    this.#child.channel?.ref();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, {
        result: {
          paths: null,
          rendered: new Map(),
          stored: new Map(),
          deps: new Map(),
          ms: { paths: 0, render: 0 },
        },
        resolve,
        reject,
      });
      // what changed in another database file is not known
      const sameFile = dbFile === this.#lastDbFile;
      const changedSince = sameFile && this.#changedSince ? [...this.#changedSince] : null;
      this.#changedSince = new Set();
      this.#lastDbFile = dbFile;
      this.#child.send({
        type: 'job',
        id,
        dbFile,
        storeDir,
        changedSince,
        ...request,
      } satisfies JobRequest);
    });
  }

  kill(): void {
    if (this.#child.exitCode === null && this.#child.signalCode === null)
      this.#child.kill('SIGKILL');
    // dead from now, not from its exit event: a job asked for meanwhile goes to a new renderer
    this.#dead ??= new Error('the renderer stopped (killed)');
  }

  stopped(): Promise<void> {
    if (this.#child.exitCode !== null || this.#child.signalCode !== null) return Promise.resolve();
    this.#child.ref();
    return new Promise((resolve) => this.#child.once('exit', () => resolve()));
  }
}

/**
 * Renders the site from the database in renderer processes that keep Astro's prerender app
 * loaded (render-worker.ts). The code is built when it changed (code-build.ts), never for a
 * change of data. One renderer with a small heap stays for small changes; a render of every page
 * is listed by it and rendered in jobs of at most FILES_PER_JOB files by one fresh renderer per
 * core, which end with the render, so the memory a big render takes goes back to the system. A
 * renderer that dies (killed, out of memory) is replaced by the next job.
 */
export class RenderEngine {
  readonly #o: RenderEngineOptions;
  #code: Promise<CodeBuild> | null = null;
  #main: Renderer | null = null;
  #helpers = new Set<Renderer>();
  /** jobs given to the kept renderer and not yet done, and the timer that ends it when idle */
  #mainJobs = 0;
  #idleTimer: NodeJS.Timeout | null = null;

  constructor(options: RenderEngineOptions) {
    this.#o = options;
  }

  /** The process id of the kept renderer, while there is one. */
  get keptPid(): number | undefined {
    return this.#main?.alive ? this.#main.pid : undefined;
  }

  /** The folder the code build writes the client bundles and public files to. */
  get codeDir(): string {
    return this.#o.codeDir;
  }

  get #origin(): string {
    return (this.#o.publicOrigin || 'http://localhost:4321').replace(/\/+$/, '');
  }

  /**
   * Builds the code if it changed and starts the kept renderer now, so the first job does not wait.
   * With the database file, the new renderer lists the site's paths at once too and renders a
   * sample of pages for nothing, which loads and compiles every page's code: the first change
   * after a start renders as fast as the ones after it.
   */
  /**
   * Makes the renderer's code (the Vite build) without starting a renderer: a node that may take
   * over publishing (decision 152) has it ready, so its first publish renders at once.
   */
  async prepareCode(): Promise<void> {
    this.#code ??= ensureCodeBuild({ codeDir: this.#o.codeDir, publicOrigin: this.#origin });
    try {
      await this.#code;
    } catch (err) {
      this.#code = null;
      throw err;
    }
  }

  async warm(dbFile?: string): Promise<{ code: string; codeFiles: string[] }> {
    this.#code ??= ensureCodeBuild({ codeDir: this.#o.codeDir, publicOrigin: this.#origin });
    let build: CodeBuild;
    try {
      build = await this.#code;
    } catch (err) {
      this.#code = null;
      throw err;
    }
    if (!this.#main?.alive) {
      const main = this.#spawn(true);
      this.#main = main;
      if (dbFile) this.#mainJob(dbFile, { files: 'warm' }).catch(() => undefined);
    }
    await this.#main.ready;
    return { code: build.code, codeFiles: build.codeFiles };
  }

  #spawn(kept: boolean): Renderer {
    const renderer = new Renderer(
      {
        ...process.env,
        // glibc gives each thread that allocates an arena of its own (up to eight per core) and
        // keeps what each took: the renderer's pool threads (writing and compressing blobs) held
        // 25–40 MB in theirs. With two arenas they reuse what the others freed (decision 119).
        // start.mjs gives the server the same, or the operator's own value (decision 133); set
        // here too for a server started without it, and for the tests' engines.
        MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
        SBSA_SITE_OUT: this.#o.codeDir,
        PUBLIC_ORIGIN: this.#origin,
        ...(this.#o.today ? { SBSA_TODAY: this.#o.today } : {}),
        NODE_ENV: 'production',
      },
      kept,
    );
    if (!kept) this.#helpers.add(renderer);
    return renderer;
  }

  /** A job for the kept renderer; when it has none left, it ends after `idleMs` unless one comes. */
  async #mainJob(dbFile: string, request: RenderRequest, storeDir?: string): Promise<JobResult> {
    // ended for idleness since the caller warmed it: a new one takes the job
    if (!this.#main?.alive) this.#main = this.#spawn(true);
    const main = this.#main;
    this.#mainJobs++;
    this.#stopIdleTimer();
    try {
      return await main.job(dbFile, request, storeDir);
    } finally {
      if (--this.#mainJobs === 0) this.#endWhenIdle(main);
    }
  }

  #stopIdleTimer(): void {
    if (this.#idleTimer) clearTimeout(this.#idleTimer);
    this.#idleTimer = null;
  }

  /** Ends the kept renderer after `idleMs` without a job (0: never), counted from now. */
  #endWhenIdle(main: Renderer): void {
    const idleMs = this.#o.idleMs ?? 15 * 60_000;
    this.#stopIdleTimer();
    if (idleMs <= 0) return;
    this.#idleTimer = setTimeout(() => {
      this.#idleTimer = null;
      if (this.#main === main && this.#mainJobs === 0) {
        this.#main = null;
        main.kill();
      }
    }, idleMs);
    this.#idleTimer.unref();
  }

  /**
   * A change is coming (staff opened a form whose save changes the site): the kept renderer
   * starts and warms if it had ended for idleness, and its idle time starts again. A change that
   * finds no renderer pays for its start, a listing of the paths and code not yet compiled: about
   * twice the time until the change is public.
   */
  async expectChange(dbFile: string): Promise<void> {
    await this.warm(dbFile);
    if (this.#main?.alive && this.#mainJobs === 0) this.#endWhenIdle(this.#main);
  }

  /** Runs a job on a fresh renderer without the kept one's heap limit, which ends with it. */
  async #onHelper<T>(job: (r: Renderer, i: number) => Promise<T>, count = 1): Promise<T[]> {
    const helpers = Array.from({ length: count }, () => this.#spawn(false));
    try {
      return await Promise.all(helpers.map(job));
    } finally {
      for (const h of helpers) {
        h.kill();
        this.#helpers.delete(h);
      }
    }
  }

  /**
   * Renders the files asked for (or every path) from the database file's current data. With
   * `storeDir` the renderers store each file in that blob store as they make it, at the fast
   * compression level, and the result names the blobs (`stored`) instead of carrying the bytes.
   */
  async render(
    dbFile: string,
    request: RenderRequest = { files: 'all' },
    signal?: AbortSignal,
    storeDir?: string,
  ): Promise<RenderResult> {
    const failFile = process.env[FAIL_BUILD_ENV];
    if (failFile && existsSync(failFile))
      throw new Error(
        `빌드를 일부러 실패시켰습니다 (${FAIL_BUILD_ENV}: ${failFile} 파일이 있습니다).`,
      );
    const { code, codeFiles } = await this.warm();
    // every renderer hears of the change, so none keeps a read of data it changed (build-db.ts)
    const keys = request.files !== 'all' && 'keys' in request ? (request.keys ?? null) : null;
    for (const r of [this.#main, ...this.#helpers]) r?.noteChange(keys);
    const onAbort = () => this.kill();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      let result: JobResult;
      if (request.files === 'all') result = await this.#renderAll(dbFile, storeDir);
      else {
        try {
          result = await this.#mainJob(dbFile, request, storeDir);
        } catch (err) {
          // the kept renderer's heap was not enough (or it was killed): once more without it
          if (signal?.aborted || this.#main?.alive) throw err;
          [result] = await this.#onHelper((r) => r.job(dbFile, request, storeDir));
        }
      }
      return { code, codeFiles, ...result };
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Every page: listed by the kept renderer, rendered in jobs by one fresh renderer per core. */
  async #renderAll(dbFile: string, storeDir?: string): Promise<JobResult> {
    const workers = Math.max(1, this.#o.workers ?? availableParallelism());
    const listing = await this.#mainJob(dbFile, { files: 'list' });
    const paths = listing.paths!;
    const n = Math.max(1, Math.min(workers, Math.floor(paths.length / MIN_FILES_PER_WORKER)));
    const started = performance.now();
    const jobs = inJobs(paths, n, this.#o.filesPerJob ?? FILES_PER_JOB);
    let next = 0;
    // each renderer takes the next job when done with its last, so none waits on a slower one
    const parts = (
      await this.#onHelper(async (r) => {
        const done: JobResult[] = [];
        while (next < jobs.length)
          done.push(await r.job(dbFile, { files: jobs[next++], known: null }, storeDir));
        return done;
      }, n)
    ).flat();
    // the kept renderer only listed: it warms up in the background for the changes to come
    this.#mainJob(dbFile, { files: 'warm' }).catch(() => undefined);
    const rendered = new Map<string, Buffer>();
    const stored = new Map<string, StoredBlob>();
    const deps = new Map<string, string[]>();
    for (const part of parts) {
      for (const [file, body] of part.rendered) rendered.set(file, body);
      for (const [file, blob] of part.stored) stored.set(file, blob);
      for (const [file, read] of part.deps) deps.set(file, read);
    }
    return {
      // a path with no body, or gone by the time its renderer listed the site, makes no file
      paths: paths.filter((f) => deps.has(f)),
      rendered,
      stored,
      deps,
      ms: { paths: listing.ms.paths, render: Math.round(performance.now() - started) },
    };
  }

  /** Kills the renderers (a test of a crashed renderer; an aborted publish). The next job starts a new one. */
  kill(): void {
    this.#main?.kill();
    for (const h of this.#helpers) h.kill();
  }

  async stop(): Promise<void> {
    this.#stopIdleTimer();
    const all = [this.#main, ...this.#helpers].filter((r): r is Renderer => r !== null);
    this.#main = null;
    this.#helpers.clear();
    for (const r of all) r.kill();
    await Promise.all(all.map((r) => r.stopped()));
    await this.#code?.catch(() => undefined);
  }
}
