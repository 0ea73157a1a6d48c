import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/database.ts';
import type { OpenedDatabase } from '../db/database.ts';
import { activityLagMs, idleTooLong, noteActivity, storedActivity } from './session-activity.ts';
import { issueRefreshToken } from './refresh-tokens.ts';
import { signInState } from './sessions.ts';

const idleMs = 30 * 60_000;
const t0 = Date.UTC(2026, 2, 1, 9, 0, 0);
let dir: string;
let a: OpenedDatabase;
let b: OpenedDatabase;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sbsa-activity-'));
  // two connections to one file: two app nodes
  a = openDatabase(join(dir, 'sbsa.sqlite'));
  b = openDatabase(join(dir, 'sbsa.sqlite'));
  await a.db
    .insertInto('users')
    .values({ email: 'u@sbsa.kr', password_hash: 'x', username: 'u', nickname: 'u' })
    .execute();
});
afterEach(async () => {
  await a.close();
  await b.close();
  rmSync(dir, { recursive: true, force: true });
});

const changes = (o: OpenedDatabase) =>
  Number((o.sqlite.prepare('SELECT total_changes() AS n').get() as { n: number }).n);

describe('session activity', () => {
  it('lags the last request by at most a tenth of the limit, 30 s at most', () => {
    expect(activityLagMs(30 * 60_000)).toBe(30_000);
    expect(activityLagMs(3000)).toBe(300);
  });

  it('is written at most once per lag, read by the other node, and never moved back', async () => {
    expect(await noteActivity(a.db, 's1', 0, idleMs, t0)).toBe(1);
    expect(await storedActivity(b.db, 's1')).toBe(t0);
    // within the lag: nothing written
    const before = changes(a);
    expect(await noteActivity(a.db, 's1', t0, idleMs, t0 + 29_000)).toBe(0);
    expect(changes(a)).toBe(before);
    // past it, on the other node
    expect(await noteActivity(b.db, 's1', t0, idleMs, t0 + 31_000)).toBe(1);
    expect(await storedActivity(a.db, 's1')).toBe(t0 + 31_000);
    // a node that read an older time does not put it back
    expect(await noteActivity(a.db, 's1', t0, idleMs, t0 + 30_500)).toBe(0);
    expect(await storedActivity(a.db, 's1')).toBe(t0 + 31_000);
  });

  it('makes a sign-in idle on every node from its last request on any of them', async () => {
    const { sessionId } = await issueRefreshToken(a.db, 1, t0);
    const refreshed = (await signInState(b.db, sessionId, 1))!;
    expect(refreshed.open).toBe(true);
    expect(refreshed.lastActiveMs).toBe(t0);
    expect(idleTooLong(refreshed.lastActiveMs, idleMs, t0 + idleMs + 1)).toBe(true);
    // just refreshed: nothing to write
    expect(await noteActivity(a.db, sessionId, refreshed.lastActiveMs, idleMs, t0 + 1000)).toBe(0);
    await noteActivity(a.db, sessionId, refreshed.lastActiveMs, idleMs, t0 + 10 * 60_000);
    const used = (await signInState(b.db, sessionId, 1))!;
    expect(used.lastActiveMs).toBe(t0 + 10 * 60_000);
    expect(idleTooLong(used.lastActiveMs, idleMs, t0 + idleMs + 1)).toBe(false);
    expect(idleTooLong(used.lastActiveMs, idleMs, t0 + 10 * 60_000 + idleMs + 1)).toBe(true);
  });

  it('sees a revocation made through the other connection at once', async () => {
    const { sessionId } = await issueRefreshToken(a.db, 1, t0);
    expect((await signInState(b.db, sessionId, 1))!.open).toBe(true);
    await a.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: new Date(t0).toISOString() })
      .execute();
    expect((await signInState(b.db, sessionId, 1))!.open).toBe(false);
    // another user's id with this sign-in is no sign-in
    expect(await signInState(b.db, sessionId, 2)).toBeUndefined();
  });
});
