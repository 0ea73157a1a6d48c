import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adminLogin, startServer } from './helpers/child-server.ts';
import { login, percentile } from './helpers/http.ts';
import { integrityCheck, missingWrites } from './helpers/acknowledged-writes.ts';
import { ackedItems, makePlan, newLedger, runClient } from './helpers/workload.ts';

const seconds = Number(process.env.LOAD_SECONDS ?? 30);
const clients = 10;
/** A client whose last acknowledgement is older than this at the end stopped writing early. */
const lastAckWithinMs = 5_000;
const dataDir = mkdtempSync(join(tmpdir(), 'sbsa-load-'));
const dbFile = join(dataDir, 'sbsa.sqlite');

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('write load on loopback', () => {
  it(`${clients} clients saving game records for ${seconds} s: no 5xx, no "database is locked", nothing lost`, async () => {
    const server = await startServer(dataDir);
    try {
      const token = await login(server.url, adminLogin);
      const plan = await makePlan(server.url, token, dbFile, 60, 20);
      const ledger = newLedger();
      let running = true;
      const started = performance.now();
      const writers = Array.from({ length: clients }, (_, client) =>
        runClient({ url: server.url, token, plan, ledger, client, clients, running: () => running, kinds: ['record', 'record', 'record', 'roster'] }));
      await new Promise((r) => setTimeout(r, seconds * 1000));
      running = false;
      const stoppedAt = performance.now();
      await Promise.all(writers);
      const elapsed = (performance.now() - started) / 1000;

      const serverErrors = ledger.failures.filter((f) => f.status >= 500);
      const locked = ledger.failures.filter((f) => /locked|busy|잠시 처리할 수 없습니다/i.test(f.message));
      const perClient = Array.from({ length: clients }, (_, c) => ledger.clients[c] ?? { acked: 0, lastAckAt: null });
      const quietestMs = Math.max(0, ...perClient.map((c) => (c.lastAckAt === null ? Infinity : stoppedAt - c.lastAckAt)));
      console.info(
        `[load] ${clients} clients, ${elapsed.toFixed(1)} s: ${ledger.acked} acknowledged writes ` +
        `(${ledger.ackedBy.record} game records over ${ackedItems(ledger.records)} games, ${ledger.ackedBy.roster} roster edits over ${ackedItems(ledger.rosters)} rosters), ` +
        `${(ledger.acked / elapsed).toFixed(1)} writes/s, p50 ${percentile(ledger.latencies, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(ledger.latencies, 99).toFixed(1)} ms, max ${Math.max(...ledger.latencies).toFixed(1)} ms; ` +
        `${ledger.failures.length} non-2xx (${serverErrors.length} 5xx, ${locked.length} locked), ${ledger.errors.length} unanswered; ` +
        `per client ${Math.min(...perClient.map((c) => c.acked))}–${Math.max(...perClient.map((c) => c.acked))} acked, ` +
        `every client's last acknowledgement within ${(quietestMs / 1000).toFixed(1)} s of the end`,
      );
      expect(ledger.errors, 'requests that got no answer').toEqual([]);
      expect(serverErrors).toEqual([]);
      expect(locked).toEqual([]);
      expect(ledger.failures).toEqual([]);
      for (const [c, stats] of perClient.entries()) {
        expect(stats.acked, `client ${c}: acknowledged writes`).toBeGreaterThan(0);
        expect(stoppedAt - stats.lastAckAt!, `client ${c}: ms from its last acknowledgement to the end`).toBeLessThan(lastAckWithinMs);
      }
      expect(ledger.ackedBy.record, 'acknowledged game records').toBeGreaterThan(0);
      expect(ledger.ackedBy.roster, 'acknowledged roster edits').toBeGreaterThan(0);
      expect(ackedItems(ledger.records), 'games with an acknowledged record').toBeGreaterThan(0);
      expect(ackedItems(ledger.rosters), 'rosters with an acknowledged edit').toBeGreaterThan(0);
      expect(integrityCheck(dbFile)).toEqual(['ok']);
      expect(missingWrites(dbFile, plan, ledger)).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});
