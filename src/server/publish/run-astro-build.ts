import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, renameSync, rmSync } from 'node:fs';
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
}

/**
 * Runs `astro build` in a child process against the database file; rejects with the tail of its
 * output. Astro keeps its prerender chunks in the out folder only when that folder lies inside
 * the project, else in the shared <root>/.astro/.prerender that concurrent builds would trample;
 * so a build for a folder elsewhere is made under <root>/.astro/site-builds/ and moved there.
 */
export async function runAstroBuild(input: BuildInput, signal?: AbortSignal): Promise<void> {
  const outDir = resolve(input.outDir);
  const inside = outDir.startsWith(projectRoot + '/');
  const buildDir = inside ? outDir : join(projectRoot, '.astro', 'site-builds', `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`);
  try {
    await astroBuild(buildDir, input, signal);
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
}

function astroBuild(buildDir: string, input: BuildInput, signal?: AbortSignal): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [join(projectRoot, 'node_modules/astro/bin/astro.mjs'), 'build'], {
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
      stdio: input.verbose ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      signal,
    });
    let output = '';
    const keep = (chunk: Buffer) => { output = (output + chunk.toString()).slice(-8000); };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolvePromise();
      else reject(new Error(`astro build exited with ${code}: ${output.trim().split('\n').slice(-15).join('\n')}`));
    });
  });
}
