import { spawn } from 'node:child_process';
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
}

/** What a build did: pages rendered, and pages taken unchanged from the build before. */
export interface BuildStats {
  rendered: number;
  reused: number;
}

/**
 * Test hook: while the file SBSA_FAIL_BUILD_FILE names exists, every build fails at once with a
 * recognisable error (the end-to-end test of a failed publish uses it). Unset in production.
 */
export const FAIL_BUILD_ENV = 'SBSA_FAIL_BUILD_FILE';

/**
 * The renderer's code folder for a cache folder: inside the project (Astro keeps its prerender
 * chunks in the out folder only there); kept across starts, built again when the code changes
 * (code-build.ts).
 */
export function workDirFor(cacheDir: string): string {
  const dir = resolve(cacheDir);
  if (dir.startsWith(`${projectRoot}/`)) return join(dir, 'out');
  return join(sharedWorkRoot(), createHash('sha1').update(dir).digest('hex').slice(0, 12));
}

/** Notes beside a shared code folder which cache it belongs to, so it goes when that does. */
export function claimWorkDir(workDir: string, cacheDir: string): void {
  if (!resolve(workDir).startsWith(`${sharedWorkRoot()}/`)) return;
  mkdirSync(dirname(workDir), { recursive: true });
  writeFileSync(ownerFile(workDir), `${resolve(cacheDir)}\n`);
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
      rmSync(`${dir}.prerender`, { recursive: true, force: true });
      rmSync(ownerFile(dir), { force: true });
    } catch {
      // unreadable: leave it
    }
  }
}

/**
 * Runs `astro build` in a child process against the database file; rejects with the tail of its
 * output. Astro keeps its prerender chunks in the out folder only when that folder lies inside
 * the project, else in the shared <root>/.astro/.prerender that concurrent builds would trample;
 * so a build for a folder elsewhere is made under <root>/.astro/site-builds/ and moved there.
 */
export async function runAstroBuild(input: BuildInput, signal?: AbortSignal): Promise<BuildStats> {
  const failFile = process.env[FAIL_BUILD_ENV];
  if (failFile && existsSync(failFile))
    throw new Error(
      `빌드를 일부러 실패시켰습니다 (${FAIL_BUILD_ENV}: ${failFile} 파일이 있습니다).`,
    );
  const outDir = resolve(input.outDir);
  const inside = outDir.startsWith(`${projectRoot}/`);
  const buildDir = inside
    ? outDir
    : join(
        projectRoot,
        '.astro',
        'site-builds',
        `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
      );
  let stats: BuildStats;
  try {
    stats = await astroBuild(buildDir, input, signal);
  } catch (err) {
    if (!inside) rmSync(buildDir, { recursive: true, force: true });
    throw err;
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

/**
 * Runs one `astro build` in a child process (astro-build-child.ts). Astro's output goes to a file,
 * not a pipe: it exits as soon as the build is done, and what it had still queued for a slow pipe
 * (a line per page) would be lost.
 */
async function astroBuild(
  buildDir: string,
  input: BuildInput,
  signal?: AbortSignal,
): Promise<BuildStats> {
  const logFile = join(
    tmpdir(),
    `sbsa-astro-build-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.log`,
  );
  const fd = openSync(logFile, 'w');
  const child = spawn(process.execPath, [childScript], {
    cwd: projectRoot,
    env: {
      ...process.env,
      SBSA_DB_FILE: input.dbFile,
      SBSA_SITE_OUT: buildDir,
      ...(input.publicOrigin ? { PUBLIC_ORIGIN: input.publicOrigin } : {}),
      ...(input.today ? { SBSA_TODAY: input.today } : {}),
      // An inherited NODE_ENV=test (vitest) would make Vite bundle React's development build.
      NODE_ENV: 'production',
      ASTRO_TELEMETRY_DISABLED: '1',
    },
    stdio: ['ignore', fd, fd],
  });
  const onAbort = () => child.kill('SIGTERM');
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const code = await new Promise<number | null>((resolve) => {
      child.on('error', () => resolve(null));
      child.on('exit', (c) => resolve(c));
    });
    if (signal?.aborted) throw new Error('build aborted');
    const log = readFileSync(logFile, 'utf8');
    if (input.verbose) process.stderr.write(log);
    if (code !== 0)
      throw new Error(
        `astro build exited with ${code}: ${log.trim().split('\n').slice(-15).join('\n')}`,
      );
    return countPages(log);
  } finally {
    signal?.removeEventListener('abort', onAbort);
    closeSync(fd);
    rmSync(logFile, { force: true });
  }
}

const childScript = join(projectRoot, 'src/server/publish/astro-build-child.ts');
