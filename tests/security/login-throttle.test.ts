import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Target } from './helpers/target.ts';
import { adminLogin, startTarget } from './helpers/target.ts';

let target: Target;
// behind the reverse proxy the server trusts, the client address comes in X-Forwarded-For
beforeAll(async () => {
  target = await startTarget({ TRUST_PROXY: '1' });
});
afterAll(() => target?.stop());

async function signIn(from: string, password: string, email = adminLogin.email) {
  const res = await fetch(`${target.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ email, password }),
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
}

describe('password guessing is slowed without locking the owner out', () => {
  it('the guessing address waits, with the wait in Korean; the owner elsewhere signs in meanwhile', async () => {
    for (let i = 0; i < 4; i++)
      expect((await signIn('203.0.113.7', `guess-${i}`)).status).toBe(401);
    const refused = await signIn('203.0.113.7', adminLogin.password);
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe('1');
    expect(refused.body.message).toBe('로그인 시도가 너무 많습니다. 1초 뒤에 다시 시도해 주세요.');
    // the site admin, from their own address, is not held up
    const owner = await signIn('198.51.100.20', adminLogin.password);
    expect(owner.status).toBe(200);
    const audit = target.query<{ after_json: string }>(
      "SELECT after_json FROM audit_log WHERE action = 'login-throttled'",
    );
    expect(audit.length).toBeGreaterThan(0);
    expect(JSON.parse(audit[0].after_json)).toMatchObject({
      email: adminLogin.email,
      address: '203.0.113.7',
    });
  });

  it('each further failure doubles the wait', async () => {
    await new Promise((r) => setTimeout(r, 1100));
    expect((await signIn('203.0.113.7', 'guess-5')).status).toBe(401);
    const second = await signIn('203.0.113.7', 'guess-6');
    expect(second.status).toBe(429);
    expect(second.retryAfter).toBe('2');
    await new Promise((r) => setTimeout(r, 2100));
    expect((await signIn('203.0.113.7', 'guess-7')).status).toBe(401);
    expect((await signIn('203.0.113.7', 'guess-8')).retryAfter).toBe('4');
  });

  it('the site admin can unlock the account at once (audited); others may not', async () => {
    const owner = await signIn('198.51.100.20', adminLogin.password);
    const token = owner.body.data.access_token as string;
    const unlock = (auth?: string) =>
      fetch(`${target.url}/api/auth/unlock`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(auth ? { authorization: `Bearer ${auth}` } : {}),
        },
        body: JSON.stringify({ email: adminLogin.email }),
      });
    expect((await unlock()).status).toBe(401);
    const res = await unlock(token);
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual({ unlocked: true });
    expect((await signIn('203.0.113.7', adminLogin.password)).status).toBe(200);
    expect(
      target.query("SELECT count(*) AS n FROM audit_log WHERE action = 'login-unlocked'"),
    ).toEqual([{ n: 1 }]);
  });
});

describe('a wait outlasts a restart of the server', () => {
  let restarted: Target;
  beforeAll(async () => {
    restarted = await startTarget({ TRUST_PROXY: '1' });
  });
  afterAll(() => restarted?.stop());

  const tryFrom = async (password: string) => {
    const res = await fetch(`${restarted.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.99' },
      body: JSON.stringify({ email: adminLogin.email, password }),
    });
    return { status: res.status, retryAfter: Number(res.headers.get('retry-after')) };
  };

  it('a guessing address told to wait 8 s still waits after the server is stopped and started again on its data', async () => {
    for (let i = 0; i < 4; i++) expect((await tryFrom(`guess-${i}`)).status).toBe(401);
    // each wait is sat out, so the next failure doubles it: 1 s, 2 s, 4 s, then 8 s
    for (const waited of [1, 2, 4]) {
      await new Promise((r) => setTimeout(r, waited * 1000 + 100));
      expect((await tryFrom(`guess-after-${waited}`)).status).toBe(401);
    }
    const startedAt = Date.now();
    expect(await tryFrom(adminLogin.password)).toEqual({ status: 429, retryAfter: 8 });

    await restarted.restart();
    const restartMs = Date.now() - startedAt;
    expect(restartMs, 'the restart took longer than the wait').toBeLessThan(7000);

    const after = await tryFrom(adminLogin.password);
    expect(after.status).toBe(429);
    expect(after.retryAfter).toBeGreaterThan(0);
    expect(after.retryAfter).toBeLessThanOrEqual(Math.ceil((8000 - restartMs) / 1000));
    expect(
      restarted.query(
        "SELECT failures FROM login_failures WHERE kind = 'pair' AND address = '203.0.113.99'",
      ),
    ).toEqual([{ failures: 7 }]);
  }, 60_000);
});
