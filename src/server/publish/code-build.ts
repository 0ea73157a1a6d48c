/**
 * The code build: `astro build` for the code only, run in a child process (code-build-child.ts)
 * when the code changed, never for a change of data. It leaves in the code folder the client
 * bundles and public files of the site and, in `.prerender/`, Astro's prerender bundle with a
 * snapshot of what rendering needs from the build (render-snapshot.ts); the renderer processes
 * start from those in a second, without Vite (render-worker.ts).
 *
 * The code's identity is a hash of what the bundle is made from: the sources, the public files,
 * the configuration, the lockfile, the Node version, the public origin and the code folder. The
 * same code after a restart is the same identity, so the live build's pages stay valid and the
 * first change after a restart renders only the pages that read it.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listFiles } from './compress-build.ts';
import { projectRoot } from './run-astro-build.ts';
import { readSnapshot } from './render-snapshot.ts';

export interface CodeBuildOptions {
  /** where the client bundles, the public files and the prerender bundle go (inside the project) */
  codeDir: string;
  /** the site's public origin (canonical links) */
  publicOrigin: string;
}

export interface CodeBuild {
  /** the code's identity: pages rendered by another code are rendered again */
  code: string;
  /** the files of the code build (client bundles, public files), relative to the code folder */
  codeFiles: string[];
  /** true when `astro build` ran for it; false when the code folder already held this code */
  built: boolean;
}

/** What the bundle is made from, besides src/ and public/. */
const CONFIG_FILES = ['astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'];

/**
 * The code's identity: a hash of every file the bundle is made from and of the build's settings.
 * Not of the folder it is built in: each node of a shared folder builds in its own (decision 152),
 * and a node taking over publishing renders only what changed when its code is the same.
 */
export async function codeIdentity(o: CodeBuildOptions): Promise<string> {
  const hash = createHash('sha256');
  hash.update(`${process.version}\n${o.publicOrigin}\n`);
  const files = [...CONFIG_FILES, ...(await sourceFiles('src')), ...(await sourceFiles('public'))];
  for (const rel of files) {
    hash.update(`${rel}\n`);
    hash.update(await readFile(join(projectRoot, rel)).catch(() => Buffer.alloc(0)));
  }
  return hash.digest('hex').slice(0, 16);
}

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(join(projectRoot, dir), { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(projectRoot.length + 1))
    .sort();
}

/** The prerender bundle's folder inside the code folder; it is the renderer's, not the site's. */
export const bundleDirOf = (codeDir: string) => join(codeDir, '.prerender');

/**
 * Makes sure the code folder holds a build of the current code: runs `astro build` in a child
 * process when it does not (the first start of a version), else answers at once.
 */
export async function ensureCodeBuild(o: CodeBuildOptions): Promise<CodeBuild> {
  const code = await codeIdentity(o);
  let built = false;
  if (readSnapshot(bundleDirOf(o.codeDir))?.code !== code) {
    await runCodeBuild(o, code);
    built = true;
    if (readSnapshot(bundleDirOf(o.codeDir))?.code !== code)
      throw new Error('astro build (code) left no prerender bundle');
  }
  const codeFiles = (await listFiles(o.codeDir)).filter((f) => !f.startsWith('.prerender/'));
  return { code, codeFiles, built };
}

const childScript = join(projectRoot, 'src/server/publish/code-build-child.ts');

/** One `astro build` for the code, in a child process that exits when it is done (its memory with it). */
async function runCodeBuild(o: CodeBuildOptions, code: string): Promise<void> {
  const logFile = join(
    tmpdir(),
    `sbsa-code-build-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.log`,
  );
  const fd = openSync(logFile, 'w');
  try {
    const child = spawn(process.execPath, [childScript], {
      cwd: projectRoot,
      env: {
        ...process.env,
        SBSA_SITE_OUT: o.codeDir,
        SBSA_CODE_ID: code,
        PUBLIC_ORIGIN: o.publicOrigin,
        // An inherited NODE_ENV=test (vitest) would make Vite bundle React's development build.
        NODE_ENV: 'production',
        ASTRO_TELEMETRY_DISABLED: '1',
      },
      stdio: ['ignore', fd, fd],
    });
    const exit = await new Promise<number | null>((done) => {
      child.on('error', () => done(null));
      child.on('exit', (c) => done(c));
    });
    if (exit !== 0) {
      const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
      throw new Error(
        `astro build (code) exited with ${exit}: ${log.trim().split('\n').slice(-15).join('\n')}`,
      );
    }
  } finally {
    closeSync(fd);
    rmSync(logFile, { force: true });
  }
}
