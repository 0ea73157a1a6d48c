/**
 * The site renderer, in a worker thread started by render-engine.ts.
 *
 * At start it runs `astro build` for the code only: Vite bundles the pages, copies `public/` and
 * writes the client bundles into the code folder, and Astro hands its prerender app to the
 * integration below instead of rendering every page. The worker keeps that app and renders paths
 * on request from then on: a data change never runs Vite again.
 *
 * A job opens one read-only snapshot of the database and renders the files it names (or every
 * path), each inside `recordDeps`, and answers with their bytes and the data keys each one read
 * (read-deps.ts). Only a job that needs the list of paths (every path, a change to the set of
 * pages, a worker that has not listed them yet) asks every route for its paths. The snapshot and
 * every read memo made from it are dropped when the job ends, so the worker holds no page data
 * between jobs.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import type { AstroIntegration, AstroPrerenderer } from 'astro';
import { openReadOnlyDb, setRenderJobDb } from '../read/build-db.ts';
import { recordDeps } from '../read/read-deps.ts';

export interface RenderWorkerData {
  /** where `astro build` writes the client bundles and public files (inside the project) */
  codeDir: string;
  /** origin of the site: the URL Astro sees for each page */
  origin: string;
}

/**
 * What to render: every path, or the named output files ('sbsa/index.html', '_redirects'). With
 * `known` (the files of the caller's build) the paths are listed too, and new ones rendered.
 */
export type RenderRequest = { files: 'all' } | { files: string[]; known: string[] | null };

export type JobRequest = { type: 'job'; id: number; dbFile: string } & RenderRequest;

/** A rendered file with the data keys it read. */
export interface RenderedFile {
  file: string;
  body: Uint8Array;
  deps: string[];
}

export type WorkerMessage =
  | { type: 'ready'; code: string; ms: number }
  | { type: 'failed'; message: string }
  | {
      type: 'result';
      id: number;
      /** every output file of the site, when the job listed them; null: the caller's build's files */
      paths: string[] | null;
      rendered: RenderedFile[];
      ms: { paths: number; render: number };
    }
  | { type: 'error'; id: number; message: string };

type PathWithRoute = Awaited<ReturnType<AstroPrerenderer['getStaticPaths']>>[number];
type DefaultPrerenderer = AstroPrerenderer & {
  app?: { routeCache?: { clearAll(): void } };
};

const root = fileURLToPath(new URL('../../../', import.meta.url));
const publicDir = join(root, 'public');
const { codeDir, origin } = workerData as RenderWorkerData;
const STATUS_PAGES = new Set(['/404', '/500']);
/** pages rendered at the same time: their reads and writes overlap, as in `astro build` */
const CONCURRENCY = 8;

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

/** The prerender bundle's folder; Astro deletes it when the build ends, so a copy is kept beside it. */
const bundleDir = join(codeDir, '.prerender');
const keptBundleDir = `${codeDir}.prerender`;

/**
 * The code's identity: the prerender bundle's file names, which carry Vite's content hashes. Pages
 * rendered by another code are rendered again.
 */
async function codeHash(dir: string): Promise<string> {
  const hash = createHash('sha256');
  for (const f of (await readdir(dir, { recursive: true })).sort()) hash.update(`${f}\n`);
  return hash.digest('hex').slice(0, 16);
}

let prerenderer: DefaultPrerenderer | null = null;
let code = '';

const capture: AstroIntegration = {
  name: 'sbsa-render-engine',
  hooks: {
    'astro:build:start': ({ setPrerenderer }) => {
      setPrerenderer((fallback) => {
        prerenderer = fallback as DefaultPrerenderer;
        return {
          name: 'sbsa-render-engine',
          setup: () => fallback.setup?.() ?? Promise.resolve(),
          // the code build renders nothing: pages are rendered by jobs, from their own snapshot
          getStaticPaths: async () => [],
          render: fallback.render,
          teardown: async () => {
            // pages' modules are imported on first use, relative to the bundle: keep its files
            code = await codeHash(bundleDir);
            await rm(keptBundleDir, { recursive: true, force: true });
            await cp(bundleDir, keptBundleDir, { recursive: true });
          },
        };
      });
    },
  },
};

async function codeBuild(): Promise<void> {
  const started = performance.now();
  const { build } = await import('astro');
  await build({ root, integrations: [capture], logLevel: 'warn' });
  if (!prerenderer) throw new Error('Astro did not hand over its prerenderer');
  await rm(bundleDir, { recursive: true, force: true });
  await rename(keptBundleDir, bundleDir);
  parentPort!.postMessage({
    type: 'ready',
    code,
    ms: Math.round(performance.now() - started),
  } satisfies WorkerMessage);
}

/** Every path of the site with its route, first route winning for a path, as `astro build` does. */
async function allPaths(p: DefaultPrerenderer): Promise<PathWithRoute[]> {
  const seen = new Set<string>();
  const out: PathWithRoute[] = [];
  for (const entry of await p.getStaticPaths()) {
    const normalized = entry.pathname.replace(/\/+$/, '');
    if (seen.has(normalized)) continue;
    seen.add(normalized);
    out.push(entry);
  }
  return out;
}

async function renderOne(p: DefaultPrerenderer, entry: PathWithRoute): Promise<Uint8Array | null> {
  const { pathname, route } = entry;
  const result = await p.render(new Request(requestUrl(pathname, route.type)), {
    routeData: route,
  });
  const response = result instanceof Response ? result : result.response;
  if (response.status >= 300 && response.status < 400)
    throw new Error(`${pathname} answered a redirect; the site has no redirect routes`);
  if (!response.body) return null;
  return new Uint8Array(await response.arrayBuffer());
}

/** The paths of the site by output file, from the last listing (same code, so the same routes). */
let listed: Map<string, PathWithRoute> | null = null;

/** Lists every path of the site (a public file wins over a page, as in `astro build`). */
async function listPaths(p: DefaultPrerenderer): Promise<Map<string, PathWithRoute>> {
  const byFile = new Map<string, PathWithRoute>();
  for (const entry of await allPaths(p)) {
    const file = outputFile(entry.pathname, entry.route.type);
    if (!existsSync(join(publicDir, file))) byFile.set(file, entry);
  }
  return byFile;
}

async function runJob(job: JobRequest): Promise<WorkerMessage> {
  const p = prerenderer!;
  const opened = openReadOnlyDb(job.dbFile);
  setRenderJobDb(opened.db);
  p.app?.routeCache?.clearAll(); // getStaticPaths answers are cached per route: this job reads afresh
  try {
    const t0 = performance.now();
    const wanted = job.files === 'all' ? null : job.files;
    const knownFiles = job.files === 'all' ? null : job.known;
    const mustList =
      wanted === null || knownFiles !== null || !listed || wanted.some((f) => !listed!.has(f));
    let paths: string[] | null = null;
    let todo: string[];
    if (mustList) {
      listed = await listPaths(p);
      paths = [...listed.keys()];
      if (wanted === null) todo = paths;
      else {
        const known = new Set(knownFiles ?? paths);
        // named files that still exist, and pages new to the caller's build
        todo = [...new Set([...wanted, ...paths.filter((f) => !known.has(f))])].filter((f) =>
          listed!.has(f),
        );
      }
    } else todo = wanted!;
    const t1 = performance.now();
    const rendered: RenderedFile[] = [];
    const empty = new Set<string>();
    let next = 0;
    const lane = async () => {
      while (next < todo.length) {
        const file = todo[next++];
        const deps = new Set<string>();
        const body = await recordDeps(deps, () => renderOne(p, listed!.get(file)!));
        if (body) rendered.push({ file, body, deps: [...deps].sort() });
        else empty.add(file);
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, todo.length) }, lane));
    return {
      type: 'result',
      id: job.id,
      // a path whose response had no body makes no file
      paths: paths && empty.size ? paths.filter((f) => !empty.has(f)) : paths,
      rendered,
      ms: { paths: Math.round(t1 - t0), render: Math.round(performance.now() - t1) },
    };
  } finally {
    setRenderJobDb(null);
    p.app?.routeCache?.clearAll();
    opened.close();
  }
}

parentPort!.on('message', (job: JobRequest) => {
  runJob(job).then(
    (result) => {
      const transfer = result.type === 'result' ? result.rendered.map((r) => r.body.buffer) : [];
      parentPort!.postMessage(result, transfer as ArrayBuffer[]);
    },
    (err: unknown) =>
      parentPort!.postMessage({
        type: 'error',
        id: job.id,
        message: err instanceof Error ? (err.stack ?? err.message) : String(err),
      } satisfies WorkerMessage),
  );
});

codeBuild().catch((err: unknown) => {
  parentPort!.postMessage({
    type: 'failed',
    message: err instanceof Error ? (err.stack ?? err.message) : String(err),
  } satisfies WorkerMessage);
});
