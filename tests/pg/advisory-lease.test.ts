import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AdvisoryLease } from '../../src/server/publish/advisory-lease.ts';
import { freshPgDatabase, pgServer } from '../helpers/pg-database.ts';
import type { PgTestDatabase } from '../helpers/pg-database.ts';

let database: PgTestDatabase;
let client: pg.Client;
const leases: AdvisoryLease[] = [];

beforeAll(async () => {
  const server = pgServer();
  if (!server) throw new Error('runs on the PostgreSQL test cluster (npm run test:api:pg)');
  database = await freshPgDatabase(server);
  client = new pg.Client(database.url);
  await client.connect();
});
afterAll(async () => {
  for (const lease of leases) await lease.stop();
  await client?.end();
  await database?.drop();
});

/** A node's lease with a short life, and what it was told. */
function node() {
  const told: boolean[] = [];
  const lease = new AdvisoryLease({
    url: database.url,
    key: 77_001,
    ttlMs: 1500,
    onChange: (held) => told.push(held),
  });
  leases.push(lease);
  return { lease, told };
}

const walPosition = async () =>
  (await client.query<{ at: string }>('SELECT pg_current_wal_insert_lsn()::text AS at')).rows[0].at;

describe('the publisher lease on PostgreSQL', () => {
  test('is held by one node at a time, and held without writing anything', async () => {
    const a = node();
    const b = node();
    await a.lease.start();
    await b.lease.start();
    expect(a.lease.isHeld()).toBe(true);
    expect(b.lease.isHeld()).toBe(false);
    const before = await walPosition();
    // several checks by the holder and tries by the other
    await sleep(1600);
    expect(await walPosition()).toBe(before);
    expect(a.told).toEqual([true]);
    expect(b.told).toEqual([]);
    // a clean stop gives it up: the other takes it at its next try
    await a.lease.stop();
    await expect.poll(() => b.lease.isHeld(), { timeout: 6000, interval: 20 }).toBe(true);
    expect(a.told).toEqual([true, false]);
    await b.lease.stop();
  });

  test('is lost by a holder whose connection the server ended, and taken by the other', async () => {
    const a = node();
    await a.lease.start();
    const b = node();
    await b.lease.start();
    expect(a.lease.isHeld()).toBe(true);
    // the server ends the holder's connection, as when its machine is cut off and the keepalives
    // give up: the lock goes with it
    await client.query(
      `SELECT pg_terminate_backend(pid) FROM pg_locks
       WHERE locktype = 'advisory' AND objid = 77001 AND granted`,
    );
    await expect.poll(() => a.lease.isHeld(), { timeout: 6000, interval: 20 }).toBe(false);
    await expect.poll(() => b.lease.isHeld(), { timeout: 6000, interval: 20 }).toBe(true);
    expect(a.told).toEqual([true, false]);
  });
});
