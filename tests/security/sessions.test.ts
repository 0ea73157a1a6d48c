import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverEnv } from '../ops/helpers/child-server.ts';
import type { Target } from './helpers/target.ts';
import { adminLogin, call, startTarget } from './helpers/target.ts';

let target: Target;
beforeAll(async () => {
  target = await startTarget();
});
afterAll(() => target?.stop());

const expiredMessage = '로그인이 만료되었습니다. 다시 로그인해 주세요.';

async function signIn() {
  const res = await call(target.url, 'POST', '/api/auth/login', { body: adminLogin });
  expect(res.status).toBe(200);
  return res.body.data as { user_id: number; access_token: string; refresh_token: string };
}

const dashboard = (token: string) => call(target.url, 'GET', '/api/admin/dashboard', { token });

function openTokens(userId: number): number {
  return target.query<{ n: number }>(
    'SELECT count(*) AS n FROM refresh_tokens WHERE user_id = ? AND revoked_at IS NULL',
    userId,
  )[0].n;
}

describe('logout ends the sign-in at once', () => {
  it('POST with the refresh token in the body: the same access token then gets 401', async () => {
    const session = await signIn();
    expect((await dashboard(session.access_token)).status).toBe(200);
    const open = openTokens(session.user_id);
    const res = await call(target.url, 'POST', '/api/auth/logout', {
      body: { refreshToken: session.refresh_token, userId: session.user_id },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ revoked: true });
    const after = await dashboard(session.access_token);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ ok: false, message: expiredMessage });
    expect(openTokens(session.user_id)).toBe(open - 1);
    const refreshed = await call(target.url, 'POST', '/api/auth/refresh', {
      body: { refreshToken: session.refresh_token, userId: session.user_id },
    });
    expect(refreshed.status).toBe(401);
  });

  it("SPEC's GET form ends it the same way", async () => {
    const session = await signIn();
    const res = await call(
      target.url,
      'GET',
      `/api/auth/logout?refreshToken=${encodeURIComponent(session.refresh_token)}&userId=${session.user_id}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ revoked: true });
    expect((await dashboard(session.access_token)).status).toBe(401);
  });
});

describe('access tokens missing what this API puts in them are refused', () => {
  it('a token minted with the real secret but without exp, or without aud, gets 401 in Korean', async () => {
    const session = await signIn();
    const claims = JSON.parse(
      Buffer.from(session.access_token.split('.')[1], 'base64url').toString(),
    );
    // the server's own secret (as an insider or a leaked config would have it)
    const key = new TextEncoder().encode(serverEnv('').JWT_SECRET);
    const { exp: _exp, aud: _aud, ...rest } = claims;
    const noExp = await new SignJWT({ ...rest, aud: claims.aud })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(key);
    const noAud = await new SignJWT({ ...rest, exp: claims.exp })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(key);
    const control = await new SignJWT({ ...rest, aud: claims.aud, exp: claims.exp })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(key);
    // the same claims with both present are accepted: the refusals are about what is missing
    expect((await dashboard(control)).status).toBe(200);
    for (const token of [noExp, noAud]) {
      const res = await dashboard(token);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ ok: false, message: '로그인이 필요합니다.' });
    }
  });
});
