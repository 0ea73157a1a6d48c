import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { listFiles } from './compress-build.ts';
import { FAIL_BUILD_ENV } from './run-astro-build.ts';
import type {
  JobRequest,
  RenderRequest,
  RenderWorkerData,
  WorkerMessage,
} from './render-worker.ts';

export type { RenderRequest };

export interface RenderEngineOptions {
  /** the code folder: `astro build` writes the client bundles and public files there (inside the project) */
  codeDir: string;
  /** the site's public origin (canonical links); default http://localhost:4321 */
  publicOrigin?: string;
  /** pins "today" (upcoming games) for reproducible renders; default: the date in Seoul */
  today?: string;
}

/** What one render job gives back. */
export interface RenderResult {
  /** the code build the pages were rendered with: pages of another code must be rendered again */
  code: string;
  /** every page and generated file of the site when the job listed them; null: unchanged */
  paths: string[] | null;
  /** the files rendered by this job */
  rendered: Map<string, Buffer>;
  /** the data keys each rendered file read (read-deps.ts) */
  deps: Map<string, string[]>;
  /** the files of the code build (client bundles, public files), relative to `codeDir` */
  codeFiles: string[];
  ms: { paths: number; render: number };
}

const workerFile = new URL('./render-worker.ts', import.meta.url);

/**
 * Renders the site from the database in a worker thread that keeps Astro's prerender app loaded
 * (render-worker.ts): Vite runs once, when the worker starts; each job renders the files it is
 * asked for (or every path) and says which data keys each one read. A worker that dies (killed,
 * out of memory) is replaced by the next job.
 */
export class RenderEngine {
  readonly #o: RenderEngineOptions;
  #worker: Worker | null = null;
  #ready: Promise<{ code: string; codeFiles: string[] }> | null = null;
  #jobs = 0;
  #pending = new Map<number, { resolve(m: WorkerMessage): void; reject(e: Error): void }>();

  constructor(options: RenderEngineOptions) {
    this.#o = options;
  }

  /** The folder the code build writes the client bundles and public files to. */
  get codeDir(): string {
    return this.#o.codeDir;
  }

  /** Starts the worker (and its code build) now, so the first job does not wait for it. */
  warm(): Promise<{ code: string; codeFiles: string[] }> {
    this.#ready ??= this.#start();
    return this.#ready;
  }

  #start(): Promise<{ code: string; codeFiles: string[] }> {
    const worker = new Worker(workerFile, {
      workerData: {
        codeDir: this.#o.codeDir,
        origin: (this.#o.publicOrigin || 'http://localhost:4321').replace(/\/+$/, ''),
      } satisfies RenderWorkerData,
      env: {
        ...process.env,
        SBSA_SITE_OUT: this.#o.codeDir,
        ...(this.#o.publicOrigin ? { PUBLIC_ORIGIN: this.#o.publicOrigin } : {}),
        ...(this.#o.today ? { SBSA_TODAY: this.#o.today } : {}),
        // An inherited NODE_ENV=test (vitest) would make Vite bundle React's development build.
        NODE_ENV: 'production',
        ASTRO_TELEMETRY_DISABLED: '1',
      },
      stdout: true,
      stderr: true,
    });
    this.#worker = worker;
    let log = '';
    const keep = (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-8000);
    };
    worker.stdout.on('data', keep);
    worker.stderr.on('data', keep);
    worker.unref();
    return new Promise((resolve, reject) => {
      worker.on('message', (m: WorkerMessage) => {
        if (m.type === 'ready')
          void listFiles(this.#o.codeDir).then(
            (files) =>
              resolve({
                code: m.code,
                // the prerender bundle is the renderer's, not a file of the site
                codeFiles: files.filter((f) => !f.startsWith('.prerender/')),
              }),
            reject,
          );
        else if (m.type === 'failed') {
          reject(new Error(`astro build (code) failed: ${m.message}\n${log.slice(-3000)}`));
          this.#drop(worker);
        } else {
          this.#pending.get(m.id)?.resolve(m);
          this.#pending.delete(m.id);
        }
      });
      const died = (why: string) => {
        const err = new Error(`the renderer stopped (${why}) ${log.slice(-2000)}`.trim());
        reject(err);
        for (const p of this.#pending.values()) p.reject(err);
        this.#pending.clear();
        if (this.#worker === worker) {
          this.#worker = null;
          this.#ready = null;
        }
      };
      worker.on('error', (err) => died(err.message));
      worker.on('exit', (code) => died(`exit code ${code}`));
    });
  }

  #drop(worker: Worker): void {
    if (this.#worker === worker) {
      this.#worker = null;
      this.#ready = null;
    }
    void worker.terminate();
  }

  /** Renders the files asked for (or every path) from the database file's current data. */
  async render(
    dbFile: string,
    request: RenderRequest = { files: 'all' },
    signal?: AbortSignal,
  ): Promise<RenderResult> {
    const failFile = process.env[FAIL_BUILD_ENV];
    if (failFile && existsSync(failFile))
      throw new Error(
        `빌드를 일부러 실패시켰습니다 (${FAIL_BUILD_ENV}: ${failFile} 파일이 있습니다).`,
      );
    const { code, codeFiles } = await this.warm();
    const worker = this.#worker!;
    const id = ++this.#jobs;
    worker.ref();
    const onAbort = () => this.#drop(worker);
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const message = await new Promise<WorkerMessage>((resolve, reject) => {
        this.#pending.set(id, { resolve, reject });
        worker.postMessage({ type: 'job', id, dbFile, ...request } satisfies JobRequest);
      });
      if (message.type === 'error') throw new Error(`rendering failed: ${message.message}`);
      if (message.type !== 'result') throw new Error(`unexpected answer from the renderer`);
      const rendered = new Map<string, Buffer>();
      const deps = new Map<string, string[]>();
      for (const r of message.rendered) {
        rendered.set(r.file, Buffer.from(r.body.buffer, r.body.byteOffset, r.body.byteLength));
        deps.set(r.file, r.deps);
      }
      return { code, paths: message.paths, rendered, deps, codeFiles, ms: message.ms };
    } finally {
      signal?.removeEventListener('abort', onAbort);
      worker.unref();
    }
  }

  /** Kills the worker (a test of a crashed renderer; stop). The next job starts a new one. */
  kill(): void {
    if (this.#worker) this.#drop(this.#worker);
  }

  async stop(): Promise<void> {
    const worker = this.#worker;
    this.#worker = null;
    this.#ready = null;
    await worker?.terminate();
  }
}
