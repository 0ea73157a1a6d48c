import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FAIL_BUILD_ENV, countPages, runAstroBuild } from './run-astro-build.ts';

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
    await expect(
      runAstroBuild({
        dbFile: join(dir, 'none.sqlite'),
        outDir: join(dir, 'out'),
      }),
    ).rejects.toThrow(/SBSA_FAIL_BUILD_FILE/);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });
});

describe('countPages', () => {
  it('counts rendered and reused pages when lines of pages rendered together interleave', () => {
    const log = [
      '22:46:02 generating static routes',
      '22:46:02   ├─ /sbsa/index.html  ├─ /sbsa/result/game/1/2/index.html (+12ms) ',
      ' (+30ms) ',
      '22:46:02   ├─ /sbsa/calendar/league/2.ics (cached)',
      '22:46:02   ├─ /sbsa/notice/index.html (restored)',
      '22:46:02   └─ /404.html (+3ms)',
      '22:46:03 ✓ Completed in 1.2s.',
    ].join('\n');
    expect(countPages(log)).toEqual({ rendered: 3, reused: 2 });
  });
});
