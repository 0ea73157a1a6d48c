import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabase } from '../db/database.ts';
import type { OpenedDatabase } from '../db/database.ts';
import { Lease } from './lease.ts';
import type { LeaseOptions } from './lease.ts';

let dir: string;
let opened: OpenedDatabase[] = [];
let leases: Lease[] = [];

/** A connection of its own to the test's database file, as a second app node has. */
function connect() {
  const one = openDatabase(join(dir, 'sbsa.sqlite'));
  opened.push(one);
  return one;
}

/** A lease holder on a connection of its own; its gains and losses are written down with their times. */
function holder(name: string, options: Partial<LeaseOptions> = {}) {
  const events: { held: boolean; at: number }[] = [];
  const lease = new Lease({
    db: connect().db,
    holder: name,
    ttlMs: 300,
    renewMs: 100,
    onChange: (held) => events.push({ held, at: Date.now() }),
    ...options,
  });
  leases.push(lease);
  return { lease, events, connection: opened.at(-1)! };
}

const rowOf = () =>
  opened[0].sqlite.prepare('SELECT holder, expires_ms FROM publisher_lease').all() as {
    holder: string;
    expires_ms: number;
  }[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sbsa-lease-'));
});
afterEach(async () => {
  for (const lease of leases) await lease.stop();
  leases = [];
  for (const one of opened) await one.close();
  opened = [];
  rmSync(dir, { recursive: true, force: true });
});

describe('Lease', () => {
  it('goes to the first node that asks; the second waits while the first renews it', async () => {
    const a = holder('a');
    const b = holder('b');
    await a.lease.start();
    await b.lease.start();
    expect(a.lease.isHeld()).toBe(true);
    expect(b.lease.isHeld()).toBe(false);
    // several lifetimes of the lease: renewed every time, never taken
    await sleep(1000);
    expect(a.lease.isHeld()).toBe(true);
    expect(b.lease.isHeld()).toBe(false);
    expect(b.events).toEqual([]);
    expect(rowOf()).toEqual([{ holder: 'a', expires_ms: expect.any(Number) }]);
    expect(rowOf()[0].expires_ms).toBeGreaterThan(Date.now());
  });

  it('is given up by a clean stop, and the other node takes it at its next try', async () => {
    const a = holder('a');
    const b = holder('b');
    await a.lease.start();
    await b.lease.start();
    const stopped = Date.now();
    await a.lease.stop();
    expect(a.lease.isHeld()).toBe(false);
    expect(a.events.map((e) => e.held)).toEqual([true, false]);
    expect(rowOf()).toEqual([]);
    while (!b.lease.isHeld() && Date.now() - stopped < 2000) await sleep(10);
    expect(b.lease.isHeld()).toBe(true);
    // taken at the next try, without waiting for an expiry
    expect(b.events[0].at - stopped).toBeLessThan(250);
  });

  it('is taken over once a holder that stopped renewing lets it expire; the holder knows before', async () => {
    const a = holder('a');
    const b = holder('b');
    await a.lease.start();
    await b.lease.start();
    // the holder's database goes away under it (as a node killed or cut off): no renewal succeeds
    const cut = Date.now();
    await a.connection.close();
    while (!b.lease.isHeld() && Date.now() - cut < 3000) await sleep(5);
    expect(b.lease.isHeld()).toBe(true);
    expect(a.lease.isHeld()).toBe(false);
    const lost = a.events.find((e) => !e.held)!;
    const gained = b.events.find((e) => e.held)!;
    // within the lease's lifetime and one try of the other node
    expect(gained.at - cut).toBeLessThan(300 + 100 + 100);
    expect(lost.at).toBeLessThanOrEqual(gained.at);
  });

  it('never has two holders at once over many rounds of stops, starts and stalls', async () => {
    const nodes = ['a', 'b', 'c'].map((name) => holder(name));
    for (const n of nodes) await n.lease.start();
    let overlaps = 0;
    let samples = 0;
    const sampler = setInterval(() => {
      samples++;
      if (nodes.filter((n) => n.lease.isHeld()).length > 1) overlaps++;
    }, 2);
    const end = Date.now() + 6000;
    let round = 0;
    while (Date.now() < end) {
      round++;
      const holderNow = nodes.find((n) => n.lease.isHeld());
      if (holderNow && round % 3 === 0) {
        // a clean stop now and then, and back again later
        await holderNow.lease.stop();
        setTimeout(() => void holderNow.lease.start(), 150);
      } else if (holderNow) {
        // a stall: the holder's thread busy for longer than the lease's lifetime
        const until = Date.now() + 350 + Math.random() * 100;
        while (Date.now() < until) {
          /* busy */
        }
      }
      await sleep(50 + Math.random() * 200);
    }
    clearInterval(sampler);
    expect(samples).toBeGreaterThan(500);
    expect(overlaps).toBe(0);
    // the lease changed hands many times: the check above had chances to fail
    const gains = nodes.flatMap((n) => n.events.filter((e) => e.held));
    expect(gains.length).toBeGreaterThan(4);
  }, 20_000);

  it('tells of each renewal it wrote, so the node keeps its cached answers', async () => {
    let rows = 0;
    const a = holder('a', { absorbed: (n) => (rows += n) });
    await a.lease.start();
    await sleep(350);
    expect(rows).toBeGreaterThanOrEqual(3);
  });
});
