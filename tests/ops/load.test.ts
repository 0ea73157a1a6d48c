import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adminLogin, startServer } from './helpers/child-server.ts';
import { login, percentile } from './helpers/http.ts';
import { makePlan, missingWrites, newLedger, runClient } from './helpers/workload.ts';

const seconds = Number(process.env.LOAD_SECONDS ?? 30);
const clients = 10;
const dataDir = mkdtempSync(join(tmpdir(), 'sbsa-load-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('write load on loopback', () => {
  it(`${clients} clients saving game records for ${seconds} s: no 5xx, no "database is locked", nothing lost`, async () => {
    const server = await startServer(dataDir);
    try {
      const token = await login(server.url, adminLogin);
      const plan = await makePlan(server.url, token, join(dataDir, 'sbsa.sqlite'), 60, 20);
      const ledger = newLedger();
      let running = true;
      const started = performance.now();
      const writers = Array.from({ length: clients }, (_, client) =>
        runClient({ url: server.url, token, plan, ledger, client, clients, running: () => running, kinds: ['record', 'record', 'record', 'roster'] }));
      await new Promise((r) => setTimeout(r, seconds * 1000));
      running = false;
      await Promise.all(writers);
      const elapsed = (performance.now() - started) / 1000;

      const serverErrors = ledger.failures.filter((f) => f.status >= 500);
      const locked = ledger.failures.filter((f) => /locked|busy|잠시 처리할 수 없습니다/i.test(f.message));
      console.info(
        `[load] ${clients} clients, ${elapsed.toFixed(1)} s: ${ledger.acked} acknowledged writes (${ledger.records.size} games, ${ledger.rosters.size} rosters), ` +
        `${(ledger.acked / elapsed).toFixed(1)} writes/s, p50 ${percentile(ledger.latencies, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(ledger.latencies, 99).toFixed(1)} ms, max ${Math.max(...ledger.latencies).toFixed(1)} ms; ` +
        `${ledger.failures.length} non-2xx (${serverErrors.length} 5xx, ${locked.length} locked)`,
      );
      expect(serverErrors).toEqual([]);
      expect(locked).toEqual([]);
      expect(ledger.failures).toEqual([]);
      expect(ledger.acked).toBeGreaterThan(clients);
      expect(missingWrites(join(dataDir, 'sbsa.sqlite'), plan, ledger)).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});
