/**
 * The site renderer, in a child process started by render-engine.ts.
 *
 * It starts from the code build's prerender bundle and snapshot (code-build.ts,
 * render-snapshot.ts): it imports Astro's prerender app from the bundle, hands it what it needs
 * from the build, and renders paths on request from then on. No Vite runs here, so a renderer
 * starts in about a second, and the engine can start one per core for a full render and replace
 * one whose memory grew.
 *
 * A job opens one read-only snapshot of the database and renders the files it names (or every
 * path), each inside `recordDeps`, and sends the data keys each one read (read-deps.ts) in parts
 * as they are made, with each file's bytes, or, given the site's blob store, with the blob it
 * stored there: a publish then never moves a page's bytes through the server, and hashing and
 * compressing run here, beside the rendering. Only a job that needs the list of paths (every path,
 * a change to the set of pages, a renderer that has not listed them yet) asks every route for its
 * paths. The snapshot and every read memo made from it are dropped when the job ends.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroPrerenderer } from 'astro';
import { StaticPaths } from 'astro/runtime/prerender/static-paths.js';
import { setRenderJobDb } from '../read/build-db.ts';
import { openReadSnapshot } from '../db/read-snapshot.ts';
import { recordDeps } from '../read/read-deps.ts';
import { buildStateOf, readSnapshot } from './render-snapshot.ts';
import { SiteStore, type StoredBlob } from './site-store.ts';

/**
 * What to render: every path, only the list of paths, or the named output files
 * ('sbsa/index.html', '_redirects'). With `known` (the files of the caller's build) the paths are
 * listed too, and new ones rendered. `keys`: the data keys of the change the files are rendered
 * for, when it named them.
 */
export type RenderRequest =
  | { files: 'all' }
  | { files: 'list' }
  /** lists the paths and renders a sample of them, sending nothing: loads and warms the pages' code */
  | { files: 'warm' }
  | { files: string[]; known: string[] | null; keys?: string[] };

/**
 * `storeDir`: store each file in this blob store (site-store.ts) and send its entry, not its bytes.
 * `changedSince`: the data keys of every change since this renderer's last job, null when not
 * known (its first job, a change that named none, another database file); reads of data none of
 * them names are kept from the jobs before (build-db.ts).
 */
export type JobRequest = {
  type: 'job';
  id: number;
  /** the SQLite file or the postgres:// URL the job reads (openReadSnapshot) */
  dbFile: string;
  storeDir?: string;
  changedSince: string[] | null;
} & RenderRequest;

/** A rendered file with the data keys it read: its bytes, or the blob it was stored as. */
export type RenderedFile = { file: string; deps: string[] } & (
  | { body: Uint8Array }
  | { stored: StoredBlob }
);

export type WorkerMessage =
  | { type: 'ready'; ms: number }
  | { type: 'failed'; message: string }
  /** files of a job, sent as they are made so no single message holds a whole site */
  | { type: 'part'; id: number; rendered: RenderedFile[] }
  | {
      type: 'result';
      id: number;
      /** every output file of the site, when the job listed them; null: the caller's build's files */
      paths: string[] | null;
      ms: { paths: number; render: number };
    }
  | { type: 'error'; id: number; message: string };

type PathWithRoute = Awaited<ReturnType<AstroPrerenderer['getStaticPaths']>>[number];
type PrerenderApp = {
  setInternals(i: unknown): void;
  setOptions(o: unknown): void;
  render(request: Request, o: { routeData: PathWithRoute['route'] }): Promise<Response>;
  logger: { options: { destination: unknown } };
  routeCache?: { clearAll(): void };
};

const root = fileURLToPath(new URL('../../../', import.meta.url));
const publicDir = join(root, 'public');
const codeDir = process.env.SBSA_SITE_OUT!;
const origin = (process.env.PUBLIC_ORIGIN || 'http://localhost:4321').replace(/\/+$/, '');
const STATUS_PAGES = new Set(['/404', '/500']);
/** pages rendered at the same time: their reads and writes overlap, as in `astro build` */
const CONCURRENCY = 8;
/** files per part message: small, so the publisher stores a page's blob while the next render */
const PART_FILES = 10;
/**
 * A job of more files than this stores them without their brotli variant, which the publisher
 * makes once they are live (docs/decisions/140): a render of every page then goes at the
 * renderers' own pace. A saved record's pages (about a hundred) are stored with it and go live
 * compressed.
 */
const BROTLI_INLINE_MAX = 500;
/**
 * Pages a new renderer renders once, for nothing, before real jobs: V8 compiles the pages' code
 * while it runs, and a cold renderer took three times as long for a saved record's pages.
 */
const WARM_FILES = 300;

/** The file Astro writes for a path (build.format 'directory'), relative to the out folder. */
export function outputFile(pathname: string, type: string): string {
  const path = decodeURI(pathname);
  if (type === 'endpoint') return path.replace(/^\//, '');
  if (path === '/' || path === '') return 'index.html';
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  if (STATUS_PAGES.has(`/${trimmed}`)) return `${trimmed}.html`;
  return `${trimmed}/index.html`;
}

/** The URL Astro renders a path at (directory format: pages with a trailing slash). */
function requestUrl(pathname: string, type: string): URL {
  if (pathname === '/' || pathname === '') return new URL('/', origin);
  if (type === 'endpoint') return new URL(pathname, origin);
  return new URL(`${pathname.replace(/\/+$/, '')}/`, origin);
}

let app: PrerenderApp | null = null;

/** Loads the prerender app from the code build's bundle and hands it the build's state. */
async function load(): Promise<void> {
  const started = performance.now();
  const bundleDir = join(codeDir, '.prerender');
  const snapshot = readSnapshot(bundleDir);
  if (!snapshot) throw new Error(`no code build in ${codeDir}`);
  const loaded = (
    (await import(pathToFileURL(join(bundleDir, snapshot.entry)).href)) as { app: PrerenderApp }
  ).app;
  const state = buildStateOf(snapshot, loaded.logger.options.destination);
  loaded.setInternals(state.internals);
  loaded.setOptions(state.options);
  app = loaded;
  process.send!({
    type: 'ready',
    ms: Math.round(performance.now() - started),
  } satisfies WorkerMessage);
}

/** Every path of the site with its route, first route winning for a path, as `astro build` does. */
async function allPaths(a: PrerenderApp): Promise<PathWithRoute[]> {
  const seen = new Set<string>();
  const out: PathWithRoute[] = [];
  for (const entry of await new StaticPaths(a as never).getAll()) {
    const normalized = entry.pathname.replace(/\/+$/, '');
    if (seen.has(normalized)) continue;
    seen.add(normalized);
    out.push(entry);
  }
  return out;
}

async function renderOne(a: PrerenderApp, entry: PathWithRoute): Promise<Uint8Array | null> {
  const { pathname, route } = entry;
  const response = await a.render(new Request(requestUrl(pathname, route.type)), {
    routeData: route,
  });
  if (response.status >= 300 && response.status < 400)
    throw new Error(`${pathname} answered a redirect; the site has no redirect routes`);
  if (!response.body) return null;
  return new Uint8Array(await response.arrayBuffer());
}

/** The paths of the site by output file, from the last listing (same code, so the same routes). */
let listed: Map<string, PathWithRoute> | null = null;
/** the database file of that listing */
let listedFrom: string | null = null;

/** Lists every path of the site (a public file wins over a page, as in `astro build`). */
async function listPaths(a: PrerenderApp): Promise<Map<string, PathWithRoute>> {
  const byFile = new Map<string, PathWithRoute>();
  for (const entry of await allPaths(a)) {
    const file = outputFile(entry.pathname, entry.route.type);
    if (!existsSync(join(publicDir, file))) byFile.set(file, entry);
  }
  return byFile;
}

async function runJob(job: JobRequest): Promise<WorkerMessage> {
  const a = app!;
  const wanted = typeof job.files === 'string' ? null : job.files;
  const knownFiles = typeof job.files === 'string' ? null : job.known;
  const mustList =
    wanted === null ||
    knownFiles !== null ||
    (wanted.length > 0 && (job.dbFile !== listedFrom || wanted.some((f) => !listed!.has(f))));
  const opened = await openReadSnapshot(job.dbFile);
  // a job that does not list keeps the route index with the routes' paths, and one of named
  // files the reads of data that did not change; a render of every page or a warm-up keeps
  // nothing, which would hold every league's reads (build-db.ts)
  const changed = wanted !== null && job.changedSince ? new Set(job.changedSince) : null;
  setRenderJobDb(opened.db, { samePaths: !mustList, changed });
  try {
    const t0 = performance.now();
    let paths: string[] | null = null;
    let todo: string[];
    if (mustList) {
      // Astro keeps each route's getStaticPaths answer: a job that lists reads them afresh. One
      // that does not keeps them, since its change left every page's path (and so its props,
      // which are the path's ids) as they were, and reading every route's paths took a saved
      // record's job 50 ms on the demo.
      a.routeCache?.clearAll();
      listed = await listPaths(a);
      listedFrom = job.dbFile;
      paths = [...listed.keys()];
      if (job.files === 'list') todo = [];
      else if (job.files === 'warm') {
        const step = Math.max(1, Math.floor(paths.length / WARM_FILES));
        todo = paths.filter((_, i) => i % step === 0);
      } else if (wanted === null) todo = paths;
      else {
        const known = new Set(knownFiles ?? paths);
        // named files that still exist, and pages new to the caller's build
        todo = [...new Set([...wanted, ...paths.filter((f) => !known.has(f))])].filter((f) =>
          listed!.has(f),
        );
      }
    } else todo = wanted!;
    const store = job.storeDir ? new SiteStore(job.storeDir, { blocking: true }) : null;
    const brotli = todo.length <= BROTLI_INLINE_MAX;
    const t1 = performance.now();
    let part: RenderedFile[] = [];
    const empty = new Set<string>();
    let next = 0;
    const lane = async () => {
      while (next < todo.length) {
        const file = todo[next++];
        const deps = new Set<string>();
        const body = await recordDeps(deps, () => renderOne(a, listed!.get(file)!));
        if (!body) {
          empty.add(file);
          continue;
        }
        if (job.files === 'warm') continue;
        const read = [...deps].sort();
        // stored before `part` is read: another lane may send and replace it meanwhile
        const made: RenderedFile = store
          ? {
              file,
              deps: read,
              stored: await store.put(
                file,
                Buffer.from(body.buffer, body.byteOffset, body.byteLength),
                undefined,
                { brotli },
              ),
            }
          : { file, deps: read, body };
        part.push(made);
        if (part.length >= PART_FILES) {
          process.send!({ type: 'part', id: job.id, rendered: part } satisfies WorkerMessage);
          part = [];
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, todo.length) }, lane));
    if (part.length)
      process.send!({ type: 'part', id: job.id, rendered: part } satisfies WorkerMessage);
    return {
      type: 'result',
      id: job.id,
      // a path whose response had no body makes no file
      paths: paths && empty.size ? paths.filter((f) => !empty.has(f)) : paths,
      ms: { paths: Math.round(t1 - t0), render: Math.round(performance.now() - t1) },
    };
  } finally {
    setRenderJobDb(null);
    await opened.close();
  }
}

type Collect = (options?: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;
const gc = (globalThis as { gc?: Collect }).gc;
let releaseTimer: NodeJS.Timeout | undefined;
let running = 0;

/**
 * The job's pages and read memos are garbage once its answer is out: collected then, so an idle
 * renderer is small, and after the answer, which a full collection of a large heap held up by
 * tens of milliseconds. A renderer that then gets no job for 5 s also gives V8's pool of freed
 * pages back to the system, which V8 otherwise keeps resident for good (docs/decisions/115): a
 * last-resort collection, too slow to run between the two parts of a publish.
 */
const collectGarbage = () => {
  gc?.();
  clearTimeout(releaseTimer);
  releaseTimer = setTimeout(() => {
    if (running === 0) gc?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  }, 5_000);
  releaseTimer.unref();
};

process.on('message', (job: JobRequest) => {
  clearTimeout(releaseTimer);
  running++;
  runJob(job)
    .finally(() => running--)
    .then(
      (result) => process.send!(result, collectGarbage),
      (err: unknown) =>
        process.send!(
          {
            type: 'error',
            id: job.id,
            message: err instanceof Error ? (err.stack ?? err.message) : String(err),
          } satisfies WorkerMessage,
          collectGarbage,
        ),
    );
});
// the engine going away (its process ended) ends this one too
process.on('disconnect', () => process.exit(0));

load().catch((err: unknown) => {
  process.send!({
    type: 'failed',
    message: err instanceof Error ? (err.stack ?? err.message) : String(err),
  } satisfies WorkerMessage);
});
