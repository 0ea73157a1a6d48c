import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const MB = 1024 * 1024;

/**
 * A node process makes 150 MB or so of short-lived objects, then stays quiet: what it holds half a
 * second later, with and without `--expose-gc` (the server's flag for the release).
 */
function quietAfterBurst(flags: string[]): { peak: number; after: number; released: boolean } {
  const script = `
    import { startIdleMemoryRelease } from ${JSON.stringify(new URL('./idle-memory.ts', import.meta.url).pathname)};
    const idle = startIdleMemoryRelease({ checkMs: 100, growthBytes: 32 * ${MB} });
    const kept = [];
    for (let r = 0; r < 20; r++) {
      const junk = [];
      for (let i = 0; i < 200000; i++) junk.push({ a: i, b: 'x' + i, c: [i] });
      kept.push(junk.length);
    }
    const peak = process.memoryUsage.rss();
    setTimeout(() => {
      idle.stop();
      console.log(JSON.stringify({ peak, after: process.memoryUsage.rss(), released: idle.release() !== null }));
    }, 600);
  `;
  const out = execFileSync(
    process.execPath,
    ['--max-semi-space-size=8', ...flags, '--input-type=module', '-e', script],
    { encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'warn' } },
  );
  return JSON.parse(out.trim().split('\n').at(-1)!);
}

describe('startIdleMemoryRelease', () => {
  it('gives the pages V8 keeps after a burst back once the process is quiet', () => {
    const { peak, after, released } = quietAfterBurst(['--expose-gc']);
    expect(released).toBe(true);
    expect(peak).toBeGreaterThan(150 * MB);
    expect(after).toBeLessThan(peak - 80 * MB);
  });

  it('does nothing without --expose-gc: V8 keeps them', () => {
    const { peak, after, released } = quietAfterBurst([]);
    expect(released).toBe(false);
    expect(after).toBeGreaterThan(peak - 32 * MB);
  });
});
