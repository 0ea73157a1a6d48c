import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';

export const projectRoot = resolve(fileURLToPath(new URL('../../../', import.meta.url)));

export interface BuildInput {
  dbFile: string;
  outDir: string;
  publicOrigin?: string;
  /** pins "today" for upcoming-game lists (the demo build uses the demo's date) */
  today?: string;
  /** print Astro's output (when it is done) instead of keeping its tail for the error message */
  verbose?: boolean;
  /**
   * A folder kept between builds (the publisher uses <DATA_DIR>/build-cache): turns on Astro's
   * incremental build, which reuses every page whose cache key and code are unchanged. Without it
   * every page is rendered. One build at a time per folder.
   */
  cacheDir?: string;
  /**
   * Build into `outDir` without emptying it first (it must lie inside the project): the work
   * folder of the publisher, which still holds the previous build, so Astro leaves every page it
   * reuses where it is instead of copying it from the cache. Pages of the previous build that no
   * longer exist are left behind too; see `readCachedOutputs`.
   */
  keepOutDir?: boolean;
}

/** What a build did: pages rendered and pages Astro reused from the incremental cache. */
export interface BuildStats {
  rendered: number;
  reused: number;
}

/** The same, with every output file Astro logged (relative to the out folder). */
export interface AstroBuildResult extends BuildStats {
  outputs: string[];
}

/**
 * Test hook: while the file SBSA_FAIL_BUILD_FILE names exists, every build fails at once with a
 * recognisable error (the end-to-end test of a failed publish uses it). Unset in production.
 */
export const FAIL_BUILD_ENV = 'SBSA_FAIL_BUILD_FILE';

// Astro writes its manifest of cache keys only at the end of a good build, but overwrites the
// cached copy of each page it renders on the way: after a build that failed or was killed the
// manifest could name a key for a copy that no longer matches it. This marker lives while a build
// runs; if a build finds it, the manifest goes and that build renders everything.
const BUILDING_MARKER = 'sbsa-build-running';
const MANIFEST = 'incremental-build.json';

/**
 * The publisher's work folder for a build cache: a folder inside the project (Astro keeps its
 * prerender chunks in the out folder only there), kept between builds. Losing it costs one slower
 * build.
 */
export function workDirFor(cacheDir: string): string {
  const dir = resolve(cacheDir);
  if (dir.startsWith(`${projectRoot}/`)) return join(dir, 'out');
  return join(sharedWorkRoot(), createHash('sha1').update(dir).digest('hex').slice(0, 12));
}

const sharedWorkRoot = () => join(projectRoot, '.astro', 'site-work');
/** beside each shared work folder: the cache folder it belongs to */
const ownerFile = (workDir: string) => `${workDir}.owner`;

/** Deletes work folders under <root>/.astro/site-work whose data folder is gone (temporary test servers). */
export function pruneOrphanWorkDirs(): void {
  let entries: string[];
  try {
    entries = readdirSync(sharedWorkRoot());
  } catch {
    return;
  }
  for (const name of entries.filter((n) => n.endsWith('.owner'))) {
    const dir = join(sharedWorkRoot(), name.slice(0, -'.owner'.length));
    try {
      const owner = readFileSync(ownerFile(dir), 'utf8').trim();
      if (existsSync(dirname(owner))) continue;
      rmSync(dir, { recursive: true, force: true });
      rmSync(ownerFile(dir), { force: true });
    } catch {
      // unreadable: leave it
    }
  }
}

/** Whether Astro has left an incremental manifest in the cache (readable or not). */
export const hasCachedOutputs = (cacheDir: string) => existsSync(join(cacheDir, MANIFEST));

/**
 * What Astro's incremental manifest says of every keyed page of the last good build: its output
 * file (relative to the out folder) → the route's code hash and the page's cache key. A page whose
 * entry is the same before and after a build was reused, not rendered. Null when there is no
 * manifest or its format is not the one known here (version 1, astro 7.2–7.3).
 */
export function readCachedOutputs(cacheDir: string): Map<string, string> | null {
  try {
    const manifest = JSON.parse(readFileSync(join(cacheDir, MANIFEST), 'utf8')) as {
      version?: number;
      routes?: Record<
        string,
        {
          dependencyHash?: string;
          paths?: Record<string, { cacheKey?: string; outputFile?: string }>;
        }
      >;
    };
    if (manifest.version !== 1 || !manifest.routes) return null;
    const files = new Map<string, string>();
    for (const route of Object.values(manifest.routes)) {
      for (const entry of Object.values(route.paths ?? {})) {
        if (entry.outputFile)
          files.set(
            decodeURI(entry.outputFile),
            `${route.dependencyHash ?? ''}\u0000${entry.cacheKey ?? ''}`,
          );
      }
    }
    return files;
  } catch {
    return null;
  }
}

/**
 * Runs `astro build` in a child process against the database file; rejects with the tail of its
 * output. Astro keeps its prerender chunks in the out folder only when that folder lies inside
 * the project, else in the shared <root>/.astro/.prerender that concurrent builds would trample;
 * so a build for a folder elsewhere is made under <root>/.astro/site-builds/ and moved there.
 */
export async function runAstroBuild(
  input: BuildInput,
  signal?: AbortSignal,
): Promise<AstroBuildResult> {
  const failFile = process.env[FAIL_BUILD_ENV];
  if (failFile && existsSync(failFile))
    throw new Error(
      `빌드를 일부러 실패시켰습니다 (${FAIL_BUILD_ENV}: ${failFile} 파일이 있습니다).`,
    );
  const outDir = resolve(input.outDir);
  const inside = outDir.startsWith(`${projectRoot}/`);
  if (input.keepOutDir && !inside)
    throw new Error(`keepOutDir needs an out folder inside the project: ${outDir}`);
  if (input.keepOutDir && input.cacheDir && outDir.startsWith(`${sharedWorkRoot()}/`)) {
    mkdirSync(outDir, { recursive: true });
    writeFileSync(ownerFile(outDir), `${resolve(input.cacheDir)}\n`);
  }
  const buildDir = inside
    ? outDir
    : join(
        projectRoot,
        '.astro',
        'site-builds',
        `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
      );
  const cacheDir = input.cacheDir ? resolve(input.cacheDir) : undefined;
  if (cacheDir) {
    mkdirSync(cacheDir, { recursive: true });
    const marker = join(cacheDir, BUILDING_MARKER);
    if (existsSync(marker)) rmSync(join(cacheDir, MANIFEST), { force: true });
    writeFileSync(marker, `${process.pid} ${new Date().toISOString()}\n`);
  }
  let stats: AstroBuildResult;
  try {
    stats = await astroBuild(buildDir, { ...input, cacheDir }, signal);
  } catch (err) {
    if (!inside) rmSync(buildDir, { recursive: true, force: true });
    if (cacheDir) rmSync(join(cacheDir, MANIFEST), { force: true });
    throw err;
  } finally {
    if (cacheDir) rmSync(join(cacheDir, BUILDING_MARKER), { force: true });
  }
  if (!inside) {
    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(dirname(outDir), { recursive: true });
    try {
      renameSync(buildDir, outDir);
    } catch {
      cpSync(buildDir, outDir, { recursive: true });
      rmSync(buildDir, { recursive: true, force: true });
    }
  }
  return stats;
}

/**
 * Pages rendered and reused, from Astro's log: a "├─ /path" per page, followed by "(cached)" or
 * "(restored)" when reused. Pages render 8 at a time, so a rendered page's "(+12ms)" may land on
 * another line: markers are counted, not lines.
 */
export function countPages(log: string): BuildStats {
  const pages = log.match(/[├└]─ \//g)?.length ?? 0;
  const reused = log.match(/\((?:restored|cached)\)/g)?.length ?? 0;
  return { rendered: pages - reused, reused };
}

/** The output files Astro logged ("├─ /sbsa/index.html …"), relative to the out folder. */
export function outputFiles(log: string): string[] {
  return [...log.matchAll(/[├└]─ \/(\S+)/g)].map((m) => decodeURI(m[1]));
}

/** A build process with Astro loaded, waiting for the word to build (astro-build-child.ts). */
interface BuildChild {
  child: ChildProcess;
  /** the environment it was started with: it builds for those settings only */
  key: string;
  logFile: string;
  fd: number;
  ready: Promise<boolean>;
  exited: Promise<number | null>;
}

const childScript = join(projectRoot, 'src/server/publish/astro-build-child.ts');
let warm: BuildChild | null = null;

function startChild(env: NodeJS.ProcessEnv, key: string): BuildChild {
  // Astro's output goes to a file, not a pipe: it exits as soon as the build is done, and what it
  // had still queued for a slow pipe (a line per page) would be lost.
  const logFile = join(
    tmpdir(),
    `sbsa-astro-build-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.log`,
  );
  const fd = openSync(logFile, 'w');
  const child = spawn(process.execPath, [childScript], {
    cwd: projectRoot,
    env,
    stdio: ['ignore', fd, fd, 'ipc'],
  });
  const exited = new Promise<number | null>((resolve) => {
    child.on('error', () => resolve(null));
    child.on('exit', (code) => resolve(code));
  });
  const ready = new Promise<boolean>((resolve) => {
    child.once('message', (m) => resolve(m === 'ready'));
    void exited.then(() => resolve(false));
  });
  return { child, key, logFile, fd, ready, exited };
}

function disposeChild(c: BuildChild): void {
  if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
  void c.exited.finally(() => {
    try {
      closeSync(c.fd);
    } catch {
      // closed already
    }
    rmSync(c.logFile, { force: true });
  });
}

/** Stops the build process kept waiting for the next build, if any (the server is stopping). */
export function stopWarmBuild(): void {
  if (warm) disposeChild(warm);
  warm = null;
}

/** The environment of the build process: astro.config.mjs and the build's reads take their settings from it. */
function buildEnv(buildDir: string, input: BuildInput): NodeJS.ProcessEnv {
  return {
    ...process.env,
    SBSA_DB_FILE: input.dbFile,
    SBSA_SITE_OUT: buildDir,
    ...(input.publicOrigin ? { PUBLIC_ORIGIN: input.publicOrigin } : {}),
    ...(input.today ? { SBSA_TODAY: input.today } : {}),
    SBSA_BUILD_CACHE: input.cacheDir ?? '',
    SBSA_KEEP_OUT: input.keepOutDir ? '1' : '',
    // An inherited NODE_ENV=test (vitest) would make Vite bundle React's development build.
    NODE_ENV: 'production',
    ASTRO_TELEMETRY_DISABLED: '1',
  };
}

/**
 * Starts the process of a coming build with Astro loaded, if none is waiting for these settings:
 * the publisher calls it when it starts and after each build. Only for a
 * build into a folder inside the project with a cache (the publisher's work folder).
 */
export function warmAstroBuild(input: BuildInput): void {
  const outDir = resolve(input.outDir);
  if (!input.cacheDir || !input.keepOutDir || !outDir.startsWith(`${projectRoot}/`)) return;
  const env = buildEnv(outDir, { ...input, cacheDir: resolve(input.cacheDir) });
  const key = JSON.stringify(env);
  if (warm?.key === key && warm.child.exitCode === null) return;
  if (warm) disposeChild(warm);
  warm = startChild(env, key);
  // waiting, it must not keep the server's process alive
  warm.child.unref();
  warm.child.channel?.unref();
}

function astroBuild(
  buildDir: string,
  input: BuildInput,
  signal?: AbortSignal,
): Promise<AstroBuildResult> {
  const env = buildEnv(buildDir, input);
  const key = JSON.stringify(env);
  let c: BuildChild;
  if (warm && warm.key === key && warm.child.exitCode === null) {
    c = warm;
    c.child.ref();
    c.child.channel?.ref();
  } else {
    if (warm) disposeChild(warm);
    c = startChild(env, key);
  }
  warm = null;
  const output = () => {
    try {
      return readFileSync(c.logFile, 'utf8');
    } catch {
      return '';
    }
  };
  const onAbort = () => c.child.kill('SIGTERM');
  signal?.addEventListener('abort', onAbort, { once: true });
  return (async () => {
    if (signal?.aborted) throw new Error('build aborted');
    if (!(await c.ready))
      throw new Error(
        `the build process did not start: ${output().trim().split('\n').slice(-15).join('\n')}`,
      );
    c.child.send('build');
    const code = await c.exited;
    if (signal?.aborted) throw new Error('build aborted');
    const log = output();
    if (input.verbose) process.stderr.write(log);
    if (code !== 0)
      throw new Error(
        `astro build exited with ${code}: ${log.trim().split('\n').slice(-15).join('\n')}`,
      );
    return { ...countPages(log), outputs: outputFiles(log) };
  })().finally(() => {
    signal?.removeEventListener('abort', onAbort);
    disposeChild(c);
  });
}
