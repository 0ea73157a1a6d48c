import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));

export interface BuildInput {
  dbFile: string;
  outDir: string;
  cacheDir: string;
  publicOrigin?: string;
}

/** Runs `astro build` in a child process against the database file; rejects with the tail of its output. */
export function runAstroBuild(input: BuildInput, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(projectRoot, 'node_modules/astro/bin/astro.mjs'), 'build', '--silent'], {
      cwd: projectRoot,
      env: {
        ...process.env,
        SBSA_DB_FILE: input.dbFile,
        SBSA_SITE_OUT: input.outDir,
        SBSA_CACHE_DIR: input.cacheDir,
        ...(input.publicOrigin ? { PUBLIC_ORIGIN: input.publicOrigin } : {}),
        ASTRO_TELEMETRY_DISABLED: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      signal,
    });
    let output = '';
    const keep = (chunk: Buffer) => { output = (output + chunk.toString()).slice(-8000); };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`astro build exited with ${code}: ${output.trim().split('\n').slice(-15).join('\n')}`));
    });
  });
}
