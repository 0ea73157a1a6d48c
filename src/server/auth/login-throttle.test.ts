import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/database.ts';
import type { OpenedDatabase } from '../db/database.ts';
import { delayAfter, koreanWait, LoginThrottle, throttlePolicy } from './login-throttle.ts';

const t0 = Date.UTC(2026, 2, 1, 9, 0, 0);

let dir: string;
let opened: OpenedDatabase[] = [];
let throttle: LoginThrottle;

/** A connection of its own to the test's database file, as a second app node would have. */
function connect() {
  const one = openDatabase(join(dir, 'sbsa.sqlite'));
  opened.push(one);
  return one;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sbsa-throttle-'));
  throttle = new LoginThrottle(connect().db);
});
afterEach(async () => {
  for (const one of opened) await one.close();
  opened = [];
  rmSync(dir, { recursive: true, force: true });
});

const rowCount = () =>
  opened[0].sqlite.prepare('SELECT count(*) AS n FROM login_failures').get()?.n;

describe('LoginThrottle', () => {
  it('lets the first failures through, then doubles the wait with each failure, up to 15 minutes', () => {
    expect(delayAfter('pair', 3)).toBe(0);
    expect(delayAfter('pair', 4)).toBe(1000);
    expect(delayAfter('pair', 5)).toBe(2000);
    expect(delayAfter('pair', 8)).toBe(16_000);
    expect(delayAfter('pair', 40)).toBe(throttlePolicy.maxDelayMs);
  });

  it('slows the guessing address on that account, not the owner elsewhere', async () => {
    for (let i = 0; i < 5; i++) await throttle.fail('admin@sbsa.kr', '10.0.0.1', t0);
    expect(await throttle.retryAfter('admin@sbsa.kr', '10.0.0.1', t0)).toBe(2);
    expect(await throttle.retryAfter('ADMIN@sbsa.kr', '10.0.0.1', t0 + 1000)).toBe(1);
    expect(await throttle.retryAfter('admin@sbsa.kr', '10.0.0.2', t0)).toBe(0);
  });

  it('slows an address guessing over many accounts, and an account guessed from many addresses', async () => {
    for (let i = 0; i < 21; i++) await throttle.fail(`u${i}@sbsa.kr`, '10.0.0.9', t0);
    expect(await throttle.retryAfter('new@sbsa.kr', '10.0.0.9', t0)).toBe(1);
    for (let i = 0; i < 51; i++) await throttle.fail('coach@sbsa.kr', `10.1.0.${i}`, t0);
    expect(await throttle.retryAfter('coach@sbsa.kr', '10.2.0.1', t0)).toBe(1);
  });

  it('says when a failure starts a wait, forgets after a quiet hour, and unlocks on demand', async () => {
    expect(await throttle.fail('a@sbsa.kr', '10.0.0.1', t0)).toBe(false);
    await throttle.fail('a@sbsa.kr', '10.0.0.1', t0);
    await throttle.fail('a@sbsa.kr', '10.0.0.1', t0);
    expect(await throttle.fail('a@sbsa.kr', '10.0.0.1', t0)).toBe(true);
    const later = t0 + throttlePolicy.forgetAfterMs;
    expect(await throttle.retryAfter('a@sbsa.kr', '10.0.0.1', later)).toBe(0);
    // after the quiet hour the count starts again from one
    expect(await throttle.fail('a@sbsa.kr', '10.0.0.1', later)).toBe(false);
    await throttle.fail('a@sbsa.kr', '10.0.0.1', later);
    expect(await throttle.unlock('A@sbsa.kr')).toBe(2);
    expect(await throttle.retryAfter('a@sbsa.kr', '10.0.0.1', later)).toBe(0);
  });

  it('is one state for every connection to the database, as for two app nodes', async () => {
    const other = new LoginThrottle(connect().db);
    for (let i = 0; i < 2; i++) await throttle.fail('b@sbsa.kr', '10.0.0.3', t0);
    for (let i = 0; i < 2; i++) await other.fail('b@sbsa.kr', '10.0.0.3', t0);
    expect(await throttle.retryAfter('b@sbsa.kr', '10.0.0.3', t0)).toBe(1);
    expect(await other.retryAfter('b@sbsa.kr', '10.0.0.3', t0)).toBe(1);
    await other.unlock('b@sbsa.kr');
    expect(await throttle.retryAfter('b@sbsa.kr', '10.0.0.3', t0)).toBe(0);
  });

  it('writes nothing for a sign-in with no failures behind it; clears the pair after failures', async () => {
    const changes = () => Number(opened[0].sqlite.prepare('SELECT total_changes() AS n').get()?.n);
    const before = changes();
    await throttle.succeed('c@sbsa.kr', '10.0.0.4');
    expect(changes()).toBe(before);
    await throttle.fail('c@sbsa.kr', '10.0.0.4', t0);
    await throttle.succeed('c@sbsa.kr', '10.0.0.4');
    const kinds = opened[0].sqlite
      .prepare('SELECT kind FROM login_failures ORDER BY kind')
      .all()
      .map((r) => r.kind);
    expect(kinds).toEqual(['account', 'address']);
  });

  it('deletes counters quiet for an hour on the next failure: random e-mails cannot grow the table', async () => {
    for (let i = 0; i < 120; i++) await throttle.fail(`r${i}@example.com`, `10.9.${i % 100}.1`, t0);
    expect(rowCount()).toBe(120 * 2 + 100);
    await throttle.fail('last@example.com', '10.8.0.1', t0 + throttlePolicy.forgetAfterMs);
    expect(rowCount()).toBe(3);
  });

  it('says the wait in Korean', () => {
    expect(koreanWait(12)).toBe('12초');
    expect(koreanWait(61)).toBe('2분');
  });
});
