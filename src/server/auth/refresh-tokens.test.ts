import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/database.ts';
import type { OpenedDatabase } from '../db/database.ts';
import { issueRefreshToken, refreshPolicy, rotateRefreshToken } from './refresh-tokens.ts';

const day = 24 * 3600 * 1000;
const t0 = Date.UTC(2026, 0, 1);

let dir: string;
let opened: OpenedDatabase;
let userId: number;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sbsa-refresh-'));
  opened = openDatabase(join(dir, 'sbsa.sqlite'));
  userId = (
    await opened.db
      .insertInto('users')
      .values({ email: 'a@sbsa.kr', password_hash: 'x', username: '가' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});

afterEach(async () => {
  await opened.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Signs in at t0 and refreshes on each of the given days; the newest token. */
async function refreshedOn(days: number[]): Promise<string> {
  let { token } = await issueRefreshToken(opened.db, userId, t0);
  for (const at of days) {
    const result = await rotateRefreshToken(opened.db, token, userId, t0 + at * day);
    if (!('token' in result)) throw new Error(`day ${at}: ${result.error}`);
    token = result.token;
  }
  return token;
}

describe('the absolute lifetime of a sign-in', () => {
  it('refuses a refresh past it, even with a token rotated a day before', async () => {
    expect(refreshPolicy.absoluteMs).toBe(60 * day);
    // used every ten days, the idle limit (14 days) never ends the sign-in
    const token = await refreshedOn([10, 20, 30, 40, 50, 59]);
    expect(await rotateRefreshToken(opened.db, token, userId, t0 + 60 * day + 1000)).toEqual({
      error: 'invalid',
    });
    // refused, not revoked: nothing was written for the refusal
    const open = await opened.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('revoked_at', 'is', null)
      .execute();
    expect(open).toHaveLength(7);
  });

  it('caps the idle expiry of a rotated token at the end of the sign-in', async () => {
    await refreshedOn([10, 20, 30, 40, 50, 55]);
    const newest = await opened.db
      .selectFrom('refresh_tokens')
      .select(['expires_at', 'absolute_expires_at'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(newest.expires_at).toBe(new Date(t0 + 60 * day).toISOString());
    expect(newest.absolute_expires_at).toBe(new Date(t0 + 60 * day).toISOString());
  });
});
