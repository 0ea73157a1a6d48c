import { afterEach, describe, expect, it } from 'vitest';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  FAIL_BUILD_ENV,
  countPages,
  projectRoot,
  runAstroBuild,
  stopWarmBuild,
  warmAstroBuild,
} from './run-astro-build.ts';

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
        cacheDir: join(dir, 'cache'),
      }),
    ).rejects.toThrow(/SBSA_FAIL_BUILD_FILE/);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });
});

/** Pids of this process's children running the build script. */
function buildChildren(): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (
        ppid === process.pid &&
        readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('astro-build-child')
      )
        out.push(Number(entry));
    } catch {
      // gone
    }
  }
  return out;
}

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

describe('warmAstroBuild', () => {
  it('keeps one build process waiting per setting, and stopWarmBuild ends it', async () => {
    mkdirSync(join(projectRoot, '.astro'), { recursive: true });
    const dir = mkdtempSync(join(projectRoot, '.astro', 'warm-test-'));
    dirs.push(dir);
    const input = {
      dbFile: join(dir, 'db.sqlite'),
      outDir: join(dir, 'out'),
      cacheDir: join(dir, 'cache'),
      keepOutDir: true,
    };
    warmAstroBuild(input);
    warmAstroBuild(input);
    const waiting = buildChildren();
    expect(waiting).toHaveLength(1);
    warmAstroBuild({ ...input, publicOrigin: 'https://sbsa.example.kr' }); // other settings: a new one instead
    const replaced = buildChildren();
    expect(replaced).not.toContain(waiting[0]);
    stopWarmBuild();
    for (let i = 0; i < 50 && buildChildren().length > 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(buildChildren()).toEqual([]);
  });

  it('starts nothing for a build outside the project or without a cache', () => {
    warmAstroBuild({
      dbFile: '/tmp/db.sqlite',
      outDir: join(tmpdir(), 'sbsa-out'),
      cacheDir: join(tmpdir(), 'c'),
      keepOutDir: true,
    });
    warmAstroBuild({ dbFile: '/tmp/db.sqlite', outDir: join(projectRoot, '.astro', 'x') });
    expect(buildChildren()).toEqual([]);
  });
});
