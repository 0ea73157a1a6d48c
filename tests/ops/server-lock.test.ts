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

describe('the nodes of a shared folder (decision 152)', () => {
  const nodes = () => {
    const root = temp();
    const [a, b, shared] = ['a', 'b', 'shared'].map((n) => join(root, n));
    for (const d of [a, b, shared]) mkdirSync(d);
    return { a, b, shared };
  };

  it('lets several servers run on one shared folder, each with its own lock', () => {
    const { a, b, shared } = nodes();
    const one = acquireServerLock(a, 'server', shared);
    const two = acquireServerLock(b, 'server', shared);
    expect(readdirSync(join(shared, 'nodes'))).toHaveLength(2);
    one.release();
    two.release();
    expect(readdirSync(join(shared, 'nodes'))).toEqual([]);
  });

  it('refuses a restore or an import while another node runs, and a start while one works', () => {
    const { a, b, shared } = nodes();
    const server = acquireServerLock(a, 'server', shared);
    for (const holder of ['restore', 'import'] as const)
      expect(() => acquireServerLock(b, holder, shared)).toThrow(
        expect.objectContaining({
          code: 'SBSA_IN_USE',
          message: expect.stringContaining('모든 노드를 멈춘 뒤에 다시 시도하세요'),
        }),
      );
    // the refused taker left neither its node's lock nor a claim behind
    expect(existsSync(join(b, 'server.pid'))).toBe(false);
    expect(readdirSync(join(shared, 'nodes'))).toHaveLength(1);
    server.release();
    const restore = acquireServerLock(b, 'restore', shared);
    expect(() => acquireServerLock(a, 'server', shared)).toThrow(
      expect.objectContaining({ message: expect.stringContaining('백업 복원이 진행 중입니다') }),
    );
    restore.release();
    acquireServerLock(a, 'server', shared).release();
  });

  it('passes over the claim a dead node left', async () => {
    const { a, b, shared } = nodes();
    mkdirSync(join(shared, 'nodes'));
    writeFileSync(join(shared, 'nodes', 'gone.json'), await deadProcessLock());
    acquireServerLock(a, 'restore', shared).release();
    acquireServerLock(b, 'import', shared).release();
  });
});
