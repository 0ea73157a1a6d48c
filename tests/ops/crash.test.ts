import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adminLogin, startServer } from './helpers/child-server.ts';
import type { ChildServer } from './helpers/child-server.ts';
import { login, percentile } from './helpers/http.ts';
import { integrityCheck, missingWrites, settleInFlight } from './helpers/acknowledged-writes.ts';
import { ackedItems, makePlan, newLedger, runClient } from './helpers/workload.ts';
import type { Plan } from './helpers/workload.ts';

const rounds = Number(process.env.CRASH_ROUNDS ?? 20);
const clients = 4;
const dataDir = mkdtempSync(join(tmpdir(), 'sbsa-crash-'));
const dbFile = join(dataDir, 'sbsa.sqlite');
let server: ChildServer | null = null;

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('SIGKILL during a stream of acknowledged writes', () => {
  it(`a restarted server recovers the database with every acknowledged write, ${rounds} times`, async () => {
    const ledger = newLedger();
    let plan: Plan | null = null;
    const perRound: Array<{ round: number; killAfterMs: number; acked: number; walKb: number }> =
      [];
    server = await startServer(dataDir);
    for (let round = 1; round <= rounds; round++) {
      const token = await login(server.url, adminLogin);
      plan ??= await makePlan(server.url, token, dbFile);
      const before = ledger.acked;
      const errorsBefore = ledger.errors.length;
      let running = true;
      const writers = Array.from({ length: clients }, (_, client) =>
        runClient({
          url: server!.url,
          token,
          plan: plan!,
          ledger,
          client,
          clients,
          running: () => running,
        }),
      );
      const killAfterMs = 300 + Math.floor(Math.random() * 2200);
      await new Promise((r) => setTimeout(r, killAfterMs));
      const killedAt = performance.now();
      await server.kill();
      running = false;
      await Promise.all(writers);
      // the write-ahead log left by the kill: what the restart has to recover
      const walKb = existsSync(`${dbFile}-wal`) ? statSync(`${dbFile}-wal`).size / 1024 : 0;
      perRound.push({ round, killAfterMs, acked: ledger.acked - before, walKb });
      expect(
        ledger.errors.slice(errorsBefore).filter((e) => e.at < killedAt),
        `round ${round}: requests unanswered before the kill`,
      ).toEqual([]);

      // The crashed files go to the server untouched: it must recover them itself. The checks
      // then read the restarted instance's files read-only, so they cannot repair anything.
      server = await startServer(dataDir);
      expect(integrityCheck(dbFile), `round ${round}: integrity_check after the restart`).toEqual([
        'ok',
      ]);
      expect(
        missingWrites(dbFile, plan, ledger),
        `round ${round}: acknowledged writes after the restart`,
      ).toEqual([]);
      settleInFlight(dbFile, plan, ledger);
    }
    await server.stop();
    server = null;

    expect(ledger.failures, 'every answered write was 2xx').toEqual([]);
    expect(ledger.ackedBy.record, 'acknowledged game records').toBeGreaterThan(0);
    expect(ledger.ackedBy.roster, 'acknowledged roster edits').toBeGreaterThan(0);
    expect(ackedItems(ledger.records), 'games with an acknowledged record').toBeGreaterThan(0);
    expect(ackedItems(ledger.rosters), 'rosters with an acknowledged edit').toBeGreaterThan(0);
    const total = perRound.reduce((n, r) => n + r.acked, 0);
    expect(total).toBeGreaterThan(rounds);
    expect(
      perRound.some((r) => r.walKb > 0),
      'some kill left a write-ahead log to recover',
    ).toBe(true);
    const writeMs = perRound.reduce((n, r) => n + r.killAfterMs, 0);
    console.info(
      `[crash] ${rounds} SIGKILLs, ${rounds} restarts on the crashed files; ${total} acknowledged writes ` +
        `(${ledger.ackedBy.record} game records over ${ackedItems(ledger.records)} games, ${ledger.ackedBy.roster} roster edits over ${ackedItems(ledger.rosters)} rosters, ${ledger.ackedBy.notice} notices), ` +
        `${(total / (writeMs / 1000)).toFixed(0)} writes/s while running, p50 ${percentile(ledger.latencies, 50).toFixed(1)} ms, p99 ${percentile(ledger.latencies, 99).toFixed(1)} ms; ` +
        `after every restart integrity_check ok and 0 acknowledged writes lost (notes, box score lines, back numbers, notices)\n` +
        perRound
          .map(
            (r) =>
              `  round ${r.round}: killed after ${r.killAfterMs} ms, ${r.acked} acked, ${r.walKb.toFixed(0)} KB WAL file left by the kill`,
          )
          .join('\n'),
    );
  });
});
