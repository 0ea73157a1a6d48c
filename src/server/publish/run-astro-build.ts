import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';

export const projectRoot = resolve(fileURLToPath(new URL('../../../', import.meta.url)));

export interface BuildInput {
  dbFile: string;
  outDir: string;
  publicOrigin?: string;
  /** pins "today" for upcoming-game lists (the demo build uses the demo's date) */
  today?: string;
  /** show Astro's output instead of keeping its tail for the error message */
  verbose?: boolean;
  /**
   * A folder kept between builds (the publisher uses <DATA_DIR>/build-cache): turns on Astro's
   * incremental build, which reuses every page whose cache key and code are unchanged. Without it
   * every page is rendered. One build at a time per folder.
   */
  cacheDir?: string;
}

/** What a build did: pages rendered and pages Astro reused from the incremental cache. */
export interface BuildStats { rendered: number; reused: number }

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
 * Runs `astro build` in a child process against the database file; rejects with the tail of its
 * output. Astro keeps its prerender chunks in the out folder only when that folder lies inside
 * the project, else in the shared <root>/.astro/.prerender that concurrent builds would trample;
 * so a build for a folder elsewhere is made under <root>/.astro/site-builds/ and moved there.
 */
export async function runAstroBuild(input: BuildInput, signal?: AbortSignal): Promise<BuildStats> {
  const failFile = process.env[FAIL_BUILD_ENV];
  if (failFile && existsSync(failFile)) throw new Error(`빌드를 일부러 실패시켰습니다 (${FAIL_BUILD_ENV}: ${failFile} 파일이 있습니다).`);
  const outDir = resolve(input.outDir);
  const inside = outDir.startsWith(projectRoot + '/');
  const buildDir = inside ? outDir : join(projectRoot, '.astro', 'site-builds', `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`);
  const cacheDir = input.cacheDir ? resolve(input.cacheDir) : undefined;
  if (cacheDir) {
    mkdirSync(cacheDir, { recursive: true });
    const marker = join(cacheDir, BUILDING_MARKER);
    if (existsSync(marker)) rmSync(join(cacheDir, MANIFEST), { force: true });
    writeFileSync(marker, `${process.pid} ${new Date().toISOString()}\n`);
  }
  let stats: BuildStats;
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

function astroBuild(buildDir: string, input: BuildInput, signal?: AbortSignal): Promise<BuildStats> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [join(projectRoot, 'node_modules/astro/bin/astro.mjs'), 'build'], {
      cwd: projectRoot,
      env: {
        ...process.env,
        SBSA_DB_FILE: input.dbFile,
        SBSA_SITE_OUT: buildDir,
        ...(input.publicOrigin ? { PUBLIC_ORIGIN: input.publicOrigin } : {}),
        ...(input.today ? { SBSA_TODAY: input.today } : {}),
        SBSA_BUILD_CACHE: input.cacheDir ?? '',
        // An inherited NODE_ENV=test (vitest) would make Vite bundle React's development build.
        NODE_ENV: 'production',
        ASTRO_TELEMETRY_DISABLED: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      signal,
    });
    let output = '';
    let partial = '';
    const stats: BuildStats = { rendered: 0, reused: 0 };
    // Astro logs one line per page: "├─ /path/index.html (+12ms)" when rendered, "(restored)" or
    // "(cached)" when the incremental build reused it.
    const count = (text: string) => {
      const lines = (partial + text).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.includes('─ ')) continue;
        if (/\((?:restored|cached)\)/.test(line)) stats.reused++;
        else if (/\(\+\d/.test(line)) stats.rendered++;
      }
    };
    const keep = (chunk: Buffer) => {
      const text = chunk.toString();
      if (input.verbose) process.stderr.write(text);
      count(text);
      output = (output + text).slice(-8000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('error', reject);
    child.on('close', (code) => {
      count('\n');
      if (code === 0) resolvePromise(stats);
      else reject(new Error(`astro build exited with ${code}: ${output.trim().split('\n').slice(-15).join('\n')}`));
    });
  });
}
