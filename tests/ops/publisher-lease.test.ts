import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database.ts';
import { nodeBin, root } from './helpers/child-server.ts';

// Processes on one SQLite file taking part in the publisher lease with its default timings
// (6 s lifetime, renewed every 2 s): the holder killed with SIGKILL is replaced within 10 s.
interface Holder {
  proc: ChildProcess;
  events: { held?: boolean; started?: boolean; at: number }[];
  exited: Promise<void>;
}

let dir: string;
let file: string;
const holders: Holder[] = [];

function holder(name: string): Promise<Holder> {
  const proc = spawn(nodeBin, ['tests/ops/helpers/lease-holder.ts', file, name], {
    cwd: root,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const h: Holder = {
    proc,
    events: [],
    exited: new Promise((resolve) => proc.on('exit', () => resolve())),
  };
  holders.push(h);
  let buffered = '';
  return new Promise((resolve, reject) => {
    proc.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        const event = JSON.parse(line) as Holder['events'][number];
        h.events.push(event);
        if (event.started) resolve(h);
      }
    });
    void h.exited.then(() => reject(new Error(`${name} ended before it started`)));
  });
}

const gainedAt = (h: Holder) => h.events.find((e) => e.held === true)?.at;

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sbsa-lease-nodes-'));
  file = join(dir, 'sbsa.sqlite');
  // migrated once, as the first node's start does
  await openDatabase(file).close();
});
afterAll(async () => {
  for (const h of holders) {
    if (h.proc.exitCode === null && h.proc.signalCode === null) h.proc.kill('SIGKILL');
    await h.exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('the publisher lease between processes', () => {
  it('goes to one node; the holder killed with SIGKILL is replaced within 10 s', async () => {
    const a = await holder('a');
    const b = await holder('b');
    await until(() => gainedAt(a) !== undefined || gainedAt(b) !== undefined, 5000);
    const [first, second] = gainedAt(a) !== undefined ? [a, b] : [b, a];
    expect(gainedAt(first)).toBeDefined();
    // several renewals later, still one holder
    await new Promise((r) => setTimeout(r, 5000));
    expect(gainedAt(second)).toBeUndefined();
    const killed = Date.now();
    first.proc.kill('SIGKILL');
    await first.exited;
    await until(() => gainedAt(second) !== undefined, 15_000);
    const takeoverMs = gainedAt(second)! - killed;
    process.stdout.write(`publisher-lease: taken over ${takeoverMs} ms after SIGKILL\n`);
    expect(takeoverMs).toBeLessThan(10_000);
    // the lease the dead node held was expired, not given up: it took at least its remaining life
    expect(takeoverMs).toBeGreaterThan(2000);
  }, 40_000);

  it('is given up on a clean stop (SIGTERM) and taken at the next try', async () => {
    const c = await holder('c');
    const running = (h: Holder) => h.proc.exitCode === null && h.proc.signalCode === null;
    const holding = holders.find((h) => running(h) && gainedAt(h) !== undefined)!;
    expect(holding).toBeDefined();
    const stopped = Date.now();
    holding.proc.kill('SIGTERM');
    await holding.exited;
    await until(() => gainedAt(c) !== undefined, 10_000);
    expect(gainedAt(c)! - stopped).toBeLessThan(2600);
  }, 30_000);
});
