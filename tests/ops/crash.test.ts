import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { adminLogin, startServer } from './helpers/child-server.ts';
import { login, percentile } from './helpers/http.ts';
import { makePlan, missingWrites, newLedger, runClient } from './helpers/workload.ts';
import type { Plan } from './helpers/workload.ts';

const rounds = Number(process.env.CRASH_ROUNDS ?? 20);
const clients = 4;
const dataDir = mkdtempSync(join(tmpdir(), 'sbsa-crash-'));
const dbFile = join(dataDir, 'sbsa.sqlite');

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('SIGKILL during a stream of acknowledged writes', () => {
  it(`keeps the database intact and every acknowledged write, ${rounds} times`, async () => {
    const ledger = newLedger();
    let plan: Plan | null = null;
    const perRound: Array<{ round: number; killAfterMs: number; acked: number }> = [];
    for (let round = 1; round <= rounds; round++) {
      const server = await startServer(dataDir);
      const token = await login(server.url, adminLogin);
      plan ??= await makePlan(server.url, token, dbFile);
      const before = ledger.acked;
      let running = true;
      const writers = Array.from({ length: clients }, (_, client) =>
        runClient({ url: server.url, token, plan: plan!, ledger, client, clients, running: () => running }));
      const killAfterMs = 300 + Math.floor(Math.random() * 2200);
      await new Promise((r) => setTimeout(r, killAfterMs));
      await server.kill();
      running = false;
      await Promise.all(writers);
      perRound.push({ round, killAfterMs, acked: ledger.acked - before });

      const db = new DatabaseSync(dbFile);
      const check = db.prepare('PRAGMA integrity_check').all().map((r) => String(r.integrity_check));
      db.close();
      expect(check, `round ${round}: integrity_check`).toEqual(['ok']);
      expect(missingWrites(dbFile, plan, ledger), `round ${round}: acknowledged writes`).toEqual([]);
    }
    // The last restart proves the server itself accepts the database after the last kill.
    const server = await startServer(dataDir);
    await server.stop();

    expect(ledger.failures, 'every write was answered with 2xx').toEqual([]);
    const total = perRound.reduce((n, r) => n + r.acked, 0);
    const writeMs = perRound.reduce((n, r) => n + r.killAfterMs, 0);
    console.info(
      `[crash] ${rounds} SIGKILLs, ${total} acknowledged writes (${ledger.records.size} games, ${ledger.rosters.size} rosters, ${ledger.notices.size} notices), ` +
      `${(total / (writeMs / 1000)).toFixed(0)} writes/s while running, p50 ${percentile(ledger.latencies, 50).toFixed(1)} ms, p99 ${percentile(ledger.latencies, 99).toFixed(1)} ms; ` +
      `integrity_check ok and 0 acknowledged writes lost after every kill\n` +
      perRound.map((r) => `  round ${r.round}: killed after ${r.killAfterMs} ms, ${r.acked} acked`).join('\n'),
    );
    expect(total).toBeGreaterThan(rounds);
  });
});
