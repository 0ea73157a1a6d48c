import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FAIL_BUILD_ENV, runAstroBuild } from './run-astro-build.ts';

const dirs: string[] = [];
afterEach(() => {
  delete process.env[FAIL_BUILD_ENV];
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('runAstroBuild', () => {
  it('fails at once, before Astro runs, while the SBSA_FAIL_BUILD_FILE file exists', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sbsa-run-build-'));
    dirs.push(dir);
    const failFile = join(dir, 'fail');
    writeFileSync(failFile, '');
    process.env[FAIL_BUILD_ENV] = failFile;
    const started = Date.now();
    await expect(runAstroBuild({ dbFile: join(dir, 'none.sqlite'), outDir: join(dir, 'out'), cacheDir: join(dir, 'cache') }))
      .rejects.toThrow(/SBSA_FAIL_BUILD_FILE/);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });
});
