import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireServerLock } from '../../src/server/ops/server-lock.ts';
import { nodeBin, runToExit, serverEnv } from './helpers/child-server.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const temp = () => {
  const d = mkdtempSync(join(tmpdir(), 'sbsa-lock-'));
  dirs.push(d);
  return d;
};

const takers = 6;
const rounds = 40;

/** A data folder per round, each given `prepare`; returns them. */
function folders(prepare: (dir: string) => void = () => {}): string {
  const parent = temp();
  for (let i = 0; i < rounds; i++) {
    mkdirSync(join(parent, String(i)));
    prepare(join(parent, String(i)));
  }
  return parent;
}

/**
 * Processes taking the lock of the same folder at the same moment, round after round (one race
 * seldom catches a check-then-write lock out; forty do). Returns the number of winners per round.
 */
async function race(parent: string): Promise<number[]> {
  const at = Date.now() + 6000; // time for every process to start and go to sleep
  const runs = Array.from({ length: takers }, () =>
    runToExit(
      ['tests/ops/helpers/take-lock.ts', parent, String(at), String(rounds), '40'],
      serverEnv(parent),
    ),
  );
  const winners = Array<number>(rounds).fill(0);
  for (const run of await Promise.all(runs)) {
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(rounds);
    for (const line of lines) if (line.endsWith(' won')) winners[Number(line.split(' ')[0])] += 1;
  }
  return winners;
}

/** The lock file a process that is gone now left behind. */
async function deadProcessLock(): Promise<string> {
  const gone = spawn(nodeBin, ['-e', ''], { stdio: 'ignore' });
  await new Promise((r) => gone.once('exit', r));
  return JSON.stringify({
    pid: gone.pid,
    host: hostname(),
    startedAt: new Date().toISOString(),
    holder: 'server',
  });
}

describe('the data folder lock', () => {
  it('goes to exactly one of several processes taking it at once', async () => {
    const parent = folders();
    expect(await race(parent)).toEqual(Array(rounds).fill(1));
    // released at the end, and no half-made lock left behind
    for (let i = 0; i < rounds; i++) expect(readdirSync(join(parent, String(i)))).toEqual([]);
  });

  it('goes to exactly one of them when a dead process left it', async () => {
    const stale = await deadProcessLock();
    const parent = folders((dir) => writeFileSync(join(dir, 'server.pid'), stale));
    expect(await race(parent)).toEqual(Array(rounds).fill(1));
    for (let i = 0; i < rounds; i++) expect(readdirSync(join(parent, String(i)))).toEqual([]);
  });

  it('is not taken twice inside one process, and is free again once released', () => {
    const dir = temp();
    const first = acquireServerLock(dir, 'restore');
    expect(() => acquireServerLock(dir)).toThrow(
      expect.objectContaining({
        code: 'SBSA_IN_USE',
        message: expect.stringContaining('백업 복원이 진행 중입니다'),
      }),
    );
    first.release();
    expect(existsSync(join(dir, 'server.pid'))).toBe(false);
    acquireServerLock(dir).release();
  });
});
