import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SignJWT } from 'jose';
import { adminCredentials, createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { signAccessToken } from '../../src/server/auth/access-token.ts';

const loginFailed = '이메일 또는 비밀번호가 올바르지 않습니다.';
const hangul = /[\uac00-\ud7a3]/;
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
/** A call that needs a signed-in user. */
const protectedPath = '/api/admin/dashboard';

let t: TestApp;
let adminId: number;

async function login(
  email = adminCredentials.email,
  password = adminCredentials.password,
  app = t,
) {
  return app.api('POST', '/api/auth/login', { body: { email, password } });
}

async function refresh(refreshToken: string, userId: number | string = adminId) {
  return t.api('POST', '/api/auth/refresh', { body: { refreshToken, userId } });
}

beforeAll(async () => {
  t = await createTestApp();
  adminId = (
    await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', adminCredentials.email)
      .executeTakeFirstOrThrow()
  ).id;
  await t.db
    .updateTable('users')
    .set({ phone: '010-1234-5678', gender: 'F', birthday: '1990-05-05' })
    .where('id', '=', adminId)
    .execute();
});

afterAll(async () => {
  await t?.close();
});

describe('POST /api/auth/login', () => {
  it('returns exactly the SPEC §3 fields', async () => {
    const res = await login();
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
    expect(Object.keys(res.body.data).sort()).toEqual(
      [
        'user_id',
        'username',
        'nickname',
        'email',
        'phone',
        'photo',
        'gender',
        'birthday',
        'access_token',
        'refresh_token',
      ].sort(),
    );
    expect(res.body.data).toMatchObject({
      user_id: adminId,
      username: '관리자',
      nickname: '관리자',
      email: adminCredentials.email,
      phone: '010-1234-5678',
      photo: null,
      gender: 'F',
      birthday: '1990-05-05',
    });
    expect(res.body.data.access_token.split('.')).toHaveLength(3);
    expect(res.body.data.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await t.api('GET', protectedPath, { token: res.body.data.access_token });
    expect(me.status).toBe(200);
  });

  it('accepts the email in another letter case', async () => {
    const res = await login(adminCredentials.email.toUpperCase());
    expect(res.status).toBe(200);
  });

  it('answers a wrong password and an unknown email alike: 401 with the same Korean message', async () => {
    const wrong = await login(adminCredentials.email, 'wrong-password');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ ok: false, message: loginFailed });
    const unknown = await login('nobody@sbsa.kr', 'whatever-123');
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ ok: false, message: loginFailed });
  });

  it('refuses a disabled account with the same message', async () => {
    const user = await t.makeUser({ email: 'disabled@sbsa.kr', password: 'password-1234' });
    await t.db.updateTable('users').set({ disabled: 1 }).where('id', '=', user.id).execute();
    const res = await login('disabled@sbsa.kr', 'password-1234');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(loginFailed);
    // and its still-valid access token no longer works
    expect((await t.api('GET', protectedPath, { token: user.token })).status).toBe(401);
  });

  it('answers 400 in Korean, not 500, for malformed JSON or missing fields', async () => {
    const malformed = await t.api('POST', '/api/auth/login', {
      headers: { 'content-type': 'application/json' },
      rawBody: '{"email": "a@b.kr", ',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.ok).toBe(false);
    expect(malformed.body.message).toMatch(hangul);
    const empty = await t.api('POST', '/api/auth/login', {
      headers: { 'content-type': 'application/json' },
      rawBody: '',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(hangul);
    const missing = await t.api('POST', '/api/auth/login', { body: { email: '' } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.email).toBe('이메일을 입력해 주세요.');
    expect(missing.body.errors.password).toMatch(hangul);
    const wrongType = await t.api('POST', '/api/auth/login', { body: [1, 2] });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toMatch(hangul);
    const text = await t.api('POST', '/api/auth/login', {
      headers: { 'content-type': 'text/plain' },
      rawBody: 'email=a',
    });
    expect(text.status).toBeGreaterThanOrEqual(400);
    expect(text.status).toBeLessThan(500);
    expect(text.body.message).toMatch(hangul);
  });
});

/**
 * Tokens signed with the right secret for a real sign-in, each lacking one thing a token of this
 * API has or getting it wrong: an expiry, an issue time, the API as audience, the issuer, or the
 * sign-in. `whole` has all of them, so a refusal of the others is for the one thing.
 */
async function unusualTokens(): Promise<{ whole: string; unusual: string[] }> {
  const session = (await login()).body.data;
  const sid = JSON.parse(Buffer.from(session.access_token.split('.')[1], 'base64url').toString())
    .sid as string;
  const key = new TextEncoder().encode(t.config.jwtSecret);
  const base = () =>
    new SignJWT({ email: adminCredentials.email, adm: 1, sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(adminId));
  const exp = Math.floor(Date.now() / 1000) + 900;
  const whole = await base()
    .setIssuer('sbsa-league-portal')
    .setAudience('sbsa-league-portal/api')
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(key);
  const unusual = await Promise.all([
    base()
      .setIssuer('someone-else')
      .setAudience('sbsa-league-portal/api')
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(key),
    base()
      .setIssuer('sbsa-league-portal')
      .setAudience('sbsa-league-portal/api')
      .setIssuedAt()
      .sign(key),
    base()
      .setIssuer('sbsa-league-portal')
      .setAudience('sbsa-league-portal/api')
      .setExpirationTime(exp)
      .sign(key),
    base().setIssuer('sbsa-league-portal').setIssuedAt().setExpirationTime(exp).sign(key),
    base()
      .setIssuer('sbsa-league-portal')
      .setAudience('elsewhere')
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(key),
    base().setAudience('sbsa-league-portal/api').setIssuedAt().setExpirationTime(exp).sign(key),
    new SignJWT({ email: adminCredentials.email, adm: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(adminId))
      .setIssuer('sbsa-league-portal')
      .setAudience('sbsa-league-portal/api')
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(key),
  ]);
  return { whole, unusual };
}

describe('access tokens', () => {
  it('answers 401 to an expired access token on a protected call', async () => {
    const expired = await t.tokenFor(
      { id: adminId, email: adminCredentials.email, isAdmin: true },
      -60,
    );
    const res = await t.api('GET', protectedPath, { token: expired });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      ok: false,
      message: '로그인이 만료되었습니다. 다시 로그인해 주세요.',
    });
  });

  it('answers 401 to a token signed with another secret, a forged alg:none token, garbage, and tokens without exp, iat, aud, iss or sid or with a wrong iss', async () => {
    const foreign = await signAccessToken(
      { id: adminId, email: adminCredentials.email, isAdmin: true },
      'a-session',
      'another-secret-'.padEnd(48, 'y'),
      900,
    );
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({
        sub: String(adminId),
        email: adminCredentials.email,
        adm: 1,
        iss: 'sbsa-league-portal',
        exp: 9999999999,
      }),
    ).toString('base64url');
    const unsigned = `${header}.${payload}.`;
    const otherIssuer = await new SignJWT({ email: adminCredentials.email, adm: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(adminId))
      .setIssuer('someone-else')
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    const { whole, unusual } = await unusualTokens();
    expect((await t.api('GET', protectedPath, { token: whole })).status).toBe(200);
    for (const token of [foreign, unsigned, otherIssuer, 'garbage', ...unusual]) {
      const res = await t.api('GET', protectedPath, { token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ ok: false, message: '로그인이 필요합니다.' });
    }
  });
});

describe('POST /api/auth/refresh', () => {
  it('rotates: new tokens differ, the old one works within the grace window, and reuse after it revokes the family', async () => {
    const first = (await login()).body.data;
    const r1 = await refresh(first.refresh_token);
    expect(r1.status).toBe(200);
    expect(Object.keys(r1.body.data).sort()).toEqual(['access_token', 'refresh_token']);
    expect(r1.body.data.refresh_token).not.toBe(first.refresh_token);
    expect((await t.api('GET', protectedPath, { token: r1.body.data.access_token })).status).toBe(
      200,
    );

    // A second tab refreshing with the old token at the same moment still succeeds.
    const concurrent = await refresh(first.refresh_token);
    expect(concurrent.status).toBe(200);
    expect(concurrent.body.data.refresh_token).not.toBe(r1.body.data.refresh_token);

    // The newest token rotates normally.
    const r2 = await refresh(r1.body.data.refresh_token);
    expect(r2.status).toBe(200);

    // Past the 30 s grace window, the rotated token is a replay.
    const past = new Date(Date.now() - 31_000).toISOString();
    await t.db
      .updateTable('refresh_tokens')
      .set({ rotated_at: past })
      .where('token_hash', '=', sha256(first.refresh_token))
      .execute();
    const replay = await refresh(first.refresh_token);
    expect(replay.status).toBe(401);
    expect(replay.body.ok).toBe(false);
    expect(replay.body.message).toMatch(hangul);

    // ... and the whole family is revoked: every token of that sign-in fails now.
    for (const token of [
      r2.body.data.refresh_token,
      concurrent.body.data.refresh_token,
      r1.body.data.refresh_token,
    ]) {
      expect((await refresh(token)).status).toBe(401);
    }
    const family = await t.db
      .selectFrom('refresh_tokens')
      .select(['family', 'revoked_at'])
      .where('token_hash', '=', sha256(first.refresh_token))
      .executeTakeFirstOrThrow();
    const open = await t.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('family', '=', family.family)
      .where('revoked_at', 'is', null)
      .execute();
    expect(open).toEqual([]);
  });

  it('issues a different access token on refresh even within the same second', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00.000Z'));
    try {
      const first = (await login()).body.data;
      const next = (await refresh(first.refresh_token)).body.data;
      expect(next.refresh_token).not.toBe(first.refresh_token);
      expect(next.access_token).not.toBe(first.access_token);
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves other sign-ins of the same user alone when one family is revoked', async () => {
    const a = (await login()).body.data;
    const b = (await login()).body.data;
    await refresh(a.refresh_token);
    await t.db
      .updateTable('refresh_tokens')
      .set({ rotated_at: new Date(Date.now() - 60_000).toISOString() })
      .where('token_hash', '=', sha256(a.refresh_token))
      .execute();
    expect((await refresh(a.refresh_token)).status).toBe(401);
    expect((await refresh(b.refresh_token)).status).toBe(200);
  });

  it('answers 401 for an unknown token, a token of another user and an expired token', async () => {
    expect((await refresh('x'.repeat(43))).status).toBe(401);
    const own = (await login()).body.data;
    const other = await t.makeUser({ email: 'other@sbsa.kr' });
    expect((await refresh(own.refresh_token, other.id)).status).toBe(401);
    await t.db
      .updateTable('refresh_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', sha256(own.refresh_token))
      .execute();
    const res = await refresh(own.refresh_token);
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(hangul);
  });

  it('answers 401 once the sign-in is older than its absolute lifetime, however recently it was used', async () => {
    const own = (await login()).body.data;
    const fresh = (await refresh(own.refresh_token)).body.data;
    // the sign-in began 60 days ago: its family ends now, while the newest token is a second old
    const family = await t.db
      .selectFrom('refresh_tokens')
      .select('family')
      .where('token_hash', '=', sha256(fresh.refresh_token))
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('refresh_tokens')
      .set({ absolute_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('family', '=', family.family)
      .execute();
    const res = await refresh(fresh.refresh_token);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('로그인이 만료되었습니다. 다시 로그인해 주세요.');
    const newest = await t.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('family', '=', family.family)
      .execute();
    expect(newest).toHaveLength(2);
  });

  it('answers 400 in Korean for a missing token or a malformed user id', async () => {
    const missing = await t.api('POST', '/api/auth/refresh', { body: { userId: adminId } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.refreshToken).toMatch(hangul);
    const badUser = await t.api('POST', '/api/auth/refresh', {
      body: { refreshToken: 'abc', userId: 'abc' },
    });
    expect(badUser.status).toBe(400);
    expect(badUser.body.errors.userId).toMatch(hangul);
    const malformed = await t.api('POST', '/api/auth/refresh', {
      headers: { 'content-type': 'application/json' },
      rawBody: '{',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(hangul);
  });
});

describe('GET /api/auth/logout', () => {
  it('revokes the sign-in: refreshing afterwards answers 401', async () => {
    const session = (await login()).body.data;
    const rotated = (await refresh(session.refresh_token)).body.data;
    const res = await t.api(
      'GET',
      `/api/auth/logout?refreshToken=${encodeURIComponent(rotated.refresh_token)}&userId=${adminId}`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, data: { revoked: true } });
    expect((await refresh(rotated.refresh_token)).status).toBe(401);
    // the earlier token of the same family, though still inside its grace window, is revoked too
    expect((await refresh(session.refresh_token)).status).toBe(401);
  });

  it('answers ok with revoked false for an unknown token, and 400 in Korean for missing parameters', async () => {
    const unknown = await t.api('GET', `/api/auth/logout?refreshToken=nope&userId=${adminId}`);
    expect(unknown.status).toBe(200);
    expect(unknown.body.data.revoked).toBe(false);
    const missing = await t.api('GET', '/api/auth/logout');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(hangul);
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the sign-in at once: its access token gets 401, its refresh token too, and the logout is audited', async () => {
    const session = (await login()).body.data;
    expect((await t.api('GET', protectedPath, { token: session.access_token })).status).toBe(200);
    const res = await t.api('POST', '/api/auth/logout', {
      body: { refreshToken: session.refresh_token, userId: adminId },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, data: { revoked: true } });
    const after = await t.api('GET', protectedPath, { token: session.access_token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({
      ok: false,
      message: '로그인이 만료되었습니다. 다시 로그인해 주세요.',
    });
    expect((await refresh(session.refresh_token)).status).toBe(401);
    const audited = await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'logout')
      .where('user_id', '=', adminId)
      .execute();
    expect(audited.length).toBeGreaterThan(0);
  });

  it('leaves the other sign-ins of the same user working', async () => {
    const kept = (await login()).body.data;
    const ended = (await login()).body.data;
    await t.api('POST', '/api/auth/logout', {
      body: { refreshToken: ended.refresh_token, userId: adminId },
    });
    expect((await t.api('GET', protectedPath, { token: ended.access_token })).status).toBe(401);
    expect((await t.api('GET', protectedPath, { token: kept.access_token })).status).toBe(200);
  });

  it('answers revoked false for an unknown token and 400 in Korean without a body', async () => {
    const unknown = await t.api('POST', '/api/auth/logout', {
      body: { refreshToken: 'nope', userId: adminId },
    });
    expect(unknown.status).toBe(200);
    expect(unknown.body.data.revoked).toBe(false);
    const missing = await t.api('POST', '/api/auth/logout', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(hangul);
  });
});

describe('sign-ins ended elsewhere', () => {
  it('a replayed refresh token ends the access tokens of its sign-in at once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const session = (await login()).body.data;
      const rotated = (await refresh(session.refresh_token)).body.data;
      vi.setSystemTime(Date.now() + 31_000);
      expect((await refresh(session.refresh_token)).status).toBe(401);
      const res = await t.api('GET', protectedPath, { token: rotated.access_token });
      expect(res.status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a new password set by the site admin ends the access tokens of every sign-in of the account', async () => {
    const user = await t.makeUser({ email: 'ends@sbsa.kr', password: 'first-password-1' });
    const own = (await login('ends@sbsa.kr', 'first-password-1')).body.data;
    expect((await t.api('GET', `/api/user/${user.id}`, { token: own.access_token })).status).toBe(
      200,
    );
    const admin = (await login()).body.data.access_token;
    const changed = await t.api('PATCH', `/api/users/${user.id}`, {
      token: admin,
      body: { password: 'second-password-2' },
    });
    expect(changed.status).toBe(200);
    for (const token of [own.access_token, user.token])
      expect((await t.api('GET', `/api/user/${user.id}`, { token })).status).toBe(401);
  });
});

describe('login throttling', () => {
  let app: TestApp;
  beforeAll(async () => {
    // its own app: a fresh throttle, not shared with the tests above
    app = await createTestApp();
    await app.makeUser({ email: 'player@sbsa.kr', password: 'right-password-1' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('after 4 failures from one address asks that address to wait, with the wait in Korean, even with the right password', async () => {
    for (let i = 0; i < 4; i++) {
      const res = await login('player@sbsa.kr', `wrong-${i}`, app);
      expect(res.status, `attempt ${i + 1}`).toBe(401);
      expect(res.body.message).toBe(loginFailed);
    }
    const fifth = await login('player@sbsa.kr', 'wrong-5', app);
    expect(fifth.status).toBe(429);
    expect(fifth.body.ok).toBe(false);
    expect(fifth.body.message).toBe('로그인 시도가 너무 많습니다. 1초 뒤에 다시 시도해 주세요.');
    expect(Number(fifth.headers.get('retry-after'))).toBe(1);
    const right = await login('PLAYER@sbsa.kr', 'right-password-1', app);
    expect(right.status).toBe(429);
    // other accounts are not affected
    expect((await login(adminCredentials.email, adminCredentials.password, app)).status).toBe(200);
  });

  it('gives the same answer for an account that does not exist', async () => {
    await app.makeUser({ email: 'player2@sbsa.kr' });
    for (let i = 0; i < 5; i++) await login('player2@sbsa.kr', 'x', app);
    const existing = await login('player2@sbsa.kr', 'x', app);
    expect(existing.status).toBe(429);
    for (let i = 0; i < 5; i++) await login('ghost@sbsa.kr', 'x', app);
    const ghost = await login('ghost@sbsa.kr', 'x', app);
    expect(ghost.status).toBe(429);
    expect(ghost.body).toEqual(existing.body);
    expect(Object.keys(ghost.body).sort()).toEqual(['message', 'ok']);
  });
});
