import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adminLogin, startServer } from './helpers/child-server.ts';
import { call, login, percentile } from './helpers/http.ts';
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
  it(`${clients} clients saving game records for ${seconds} s while the site rebuilds and a backup runs: no 5xx, no "database is locked", nothing lost`, async () => {
    // As in production: every write marks the site dirty, so builds read the database throughout.
    const server = await startServer(dataDir, { BUILD_SITE: '1' });
    try {
      const token = await login(server.url, adminLogin);
      // a running server has its site live already: wait for the first build
      const liveBy = Date.now() + 180_000;
      while ((await fetch(`${server.url}/sbsa`)).status !== 200) {
        expect(Date.now(), 'the first build went live').toBeLessThan(liveBy);
        await new Promise((r) => setTimeout(r, 250));
      }
      const plan = await makePlan(server.url, token, dbFile, 60, 20);
      const ledger = newLedger();
      let running = true;
      const started = performance.now();
      const loadFrom = Date.now();
      const writers = Array.from({ length: clients }, (_, client) =>
        runClient({
          url: server.url,
          token,
          plan,
          ledger,
          client,
          clients,
          running: () => running,
          kinds: ['record', 'record', 'record', 'roster'],
        }),
      );
      // Halfway, an online backup reads the whole database while the writes go on.
      const backup = new Promise((r) => setTimeout(r, seconds * 500)).then(() =>
        call(server.url, 'POST', '/api/admin/backup', { token }),
      );
      await new Promise((r) => setTimeout(r, seconds * 1000));
      running = false;
      const stoppedAt = performance.now();
      await Promise.all(writers);
      const elapsed = (performance.now() - started) / 1000;
      const backedUp = await backup;
      // Builds that started while the writes went on read the database beside them; let the last one end.
      const loadTo = Date.now();
      let status = (await call(server.url, 'GET', '/api/publish/status?limit=50', { token })).body
        .data;
      for (const idleBy = Date.now() + 180_000; status.running && Date.now() < idleBy; ) {
        await new Promise((r) => setTimeout(r, 500));
        status = (await call(server.url, 'GET', '/api/publish/status?limit=50', { token })).body
          .data;
      }
      const runs = status.runs as Array<{ status: string; startedAt: string }>;
      const builtDuring = runs.filter(
        (r) => Date.parse(r.startedAt) >= loadFrom && Date.parse(r.startedAt) <= loadTo,
      );

      const serverErrors = ledger.failures.filter((f) => f.status >= 500);
      const locked = ledger.failures.filter((f) =>
        /locked|busy|잠시 처리할 수 없습니다/i.test(f.message),
      );
      const perClient = Array.from(
        { length: clients },
        (_, c) => ledger.clients[c] ?? { acked: 0, lastAckAt: null },
      );
      const quietestMs = Math.max(
        0,
        ...perClient.map((c) => (c.lastAckAt === null ? Infinity : stoppedAt - c.lastAckAt)),
      );
      console.info(
        `[load] ${clients} clients, ${elapsed.toFixed(1)} s: ${ledger.acked} acknowledged writes ` +
          `(${ledger.ackedBy.record} game records over ${ackedItems(ledger.records)} games, ${ledger.ackedBy.roster} roster edits over ${ackedItems(ledger.rosters)} rosters), ` +
          `${(ledger.acked / elapsed).toFixed(1)} writes/s, p50 ${percentile(ledger.latencies, 50).toFixed(1)} ms, ` +
          `p99 ${percentile(ledger.latencies, 99).toFixed(1)} ms, max ${Math.max(...ledger.latencies).toFixed(1)} ms; ` +
          `${ledger.failures.length} non-2xx (${serverErrors.length} 5xx, ${locked.length} locked), ${ledger.errors.length} unanswered; ` +
          `per client ${Math.min(...perClient.map((c) => c.acked))}–${Math.max(...perClient.map((c) => c.acked))} acked, ` +
          `every client's last acknowledgement within ${(quietestMs / 1000).toFixed(1)} s of the end; ` +
          `${builtDuring.length} site build${builtDuring.length === 1 ? '' : 's'} started and an online backup (${backedUp.status}, ${backedUp.ms.toFixed(0)} ms) ran meanwhile, the builds all successful`,
      );
      expect(ledger.errors, 'requests that got no answer').toEqual([]);
      expect(backedUp.status, JSON.stringify(backedUp.body)).toBe(201);
      expect(builtDuring.length, 'site builds that started during the load').toBeGreaterThan(0);
      expect(
        builtDuring.map((r) => r.status),
        'how those builds ended',
      ).toEqual(builtDuring.map(() => 'success'));
      expect(serverErrors).toEqual([]);
      expect(locked).toEqual([]);
      expect(ledger.failures).toEqual([]);
      for (const [c, stats] of perClient.entries()) {
        expect(stats.acked, `client ${c}: acknowledged writes`).toBeGreaterThan(0);
        expect(
          stoppedAt - stats.lastAckAt!,
          `client ${c}: ms from its last acknowledgement to the end`,
        ).toBeLessThan(lastAckWithinMs);
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
