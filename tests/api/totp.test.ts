import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { adminCredentials, createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';

/** What an authenticator app shows for the secret at `at` (ms). */
const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at,
  });
const step = 30_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const login = (email: string, password: string, otp?: string) =>
  t.api('POST', '/api/auth/login', {
    body: otp === undefined ? { email, password } : { email, password, otp },
  });

/** A new manager of the demo association who set up and turned on a second factor. */
async function userWithTotp(email: string, grade?: 1 | 2 | 3) {
  const user = await t.makeUser({ email, grade });
  const setup = await t.api('POST', '/api/auth/totp/setup', { token: user.token });
  const secret: string = setup.body.data.secret;
  const enabled = await t.api('POST', '/api/auth/totp/enable', {
    token: user.token,
    body: { code: codeAt(secret, Date.now()) },
  });
  expect(enabled.status).toBe(200);
  return { ...user, secret, recoveryCodes: enabled.body.data.recoveryCodes as string[] };
}

const auditOf = (action: string) =>
  t.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();

describe('set-up and turning it on', () => {
  it('gives a secret and an otpauth address, and turns on only with a right code', async () => {
    const user = await t.makeUser({ email: 'setup@sbsa.kr', grade: 2 });
    const setup = await t.api('POST', '/api/auth/totp/setup', { token: user.token });
    expect(setup.status).toBe(200);
    const { secret, otpauthUrl } = setup.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toBe(
      `otpauth://totp/SBSA:setup%40sbsa.kr?issuer=SBSA&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    // set up but not on: signing in still needs no code
    expect((await login('setup@sbsa.kr', 'password-1234')).status).toBe(200);

    const wrong = await t.api('POST', '/api/auth/totp/enable', {
      token: user.token,
      body: { code: codeAt(secret, Date.now() - 10 * step) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(
      '일회용 코드가 올바르지 않습니다. 인증 앱에 지금 표시된 6자리 코드를 입력해 주세요.',
    );
    expect((await t.api('GET', '/api/auth/totp', { token: user.token })).body.data.enabled).toBe(
      false,
    );

    const right = await t.api('POST', '/api/auth/totp/enable', {
      token: user.token,
      body: { code: codeAt(secret, Date.now()) },
    });
    expect(right.status).toBe(200);
    const codes: string[] = right.body.data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    // kept only hashed
    const stored = await t.db
      .selectFrom('totp_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(codes.some((c) => row.code_hash.includes(c))).toBe(false);
    const state = await t.api('GET', '/api/auth/totp', { token: user.token });
    expect(state.body.data).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
      requiredBy: [],
      setupRequired: false,
    });
  });
});

describe('signing in with a second factor', () => {
  it('asks for the code, refuses a wrong one and the same one twice, and lets in with a right one', async () => {
    const user = await userWithTotp('signin@sbsa.kr', 2);
    const missing = await login('signin@sbsa.kr', 'password-1234');
    expect(missing.status).toBe(401);
    expect(missing.body.message).toBe(
      '2단계 인증을 쓰는 계정입니다. 인증 앱의 일회용 코드를 입력해 주세요.',
    );
    expect(missing.body.errors).toEqual({ otp: missing.body.message });
    expect(missing.body.data).toBeUndefined();

    const wrong = await login(
      'signin@sbsa.kr',
      'password-1234',
      codeAt(user.secret, Date.now() - 10 * step),
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body.errors.otp).toMatch(/일회용 코드가 올바르지 않습니다/);

    // the code of the step enabling took is spent already; the app's next one is taken once
    const spent = await login('signin@sbsa.kr', 'password-1234', codeAt(user.secret, Date.now()));
    expect(spent.status).toBe(401);
    const next = codeAt(user.secret, Date.now() + step);
    const right = await login('signin@sbsa.kr', 'password-1234', next);
    expect(right.status).toBe(200);
    expect(right.body.data.access_token).toEqual(expect.any(String));
    const replay = await login('signin@sbsa.kr', 'password-1234', next);
    expect(replay.status).toBe(401);
    expect(replay.body.message).toMatch(/일회용 코드가 올바르지 않습니다/);

    // a wrong password is still the plain failure, code or not
    const badPassword = await login('signin@sbsa.kr', 'wrong-password-1', next);
    expect(badPassword.status).toBe(401);
    expect(badPassword.body.message).toBe('이메일 또는 비밀번호가 올바르지 않습니다.');
  });

  it('takes a recovery code once in place of a code', async () => {
    const user = await userWithTotp('recovery@sbsa.kr');
    const code = user.recoveryCodes[3];
    // as typed from paper: lower case, no dash
    const first = await login(
      'recovery@sbsa.kr',
      'password-1234',
      code.toLowerCase().replace('-', ''),
    );
    expect(first.status).toBe(200);
    const again = await login('recovery@sbsa.kr', 'password-1234', code);
    expect(again.status).toBe(401);
    const state = await t.api('GET', '/api/auth/totp', { token: first.body.data.access_token });
    expect(state.body.data.recoveryCodesLeft).toBe(9);
    expect((await auditOf('totp-recovery-used')).map((r) => r.user_id)).toContain(user.id);
  });

  it('counts wrong codes in the login throttle like wrong passwords', async () => {
    const user = await userWithTotp('guessed@sbsa.kr');
    const wrongCode = codeAt(user.secret, Date.now() - 20 * step);
    for (let i = 0; i < 4; i++)
      expect((await login('guessed@sbsa.kr', 'password-1234', wrongCode)).status).toBe(401);
    const held = await login(
      'guessed@sbsa.kr',
      'password-1234',
      codeAt(user.secret, Date.now() + step),
    );
    expect(held.status).toBe(429);
    expect(held.body.message).toMatch(
      /^로그인 시도가 너무 많습니다\. \d+초 뒤에 다시 시도해 주세요\.$/,
    );
    const throttled = await auditOf('login-throttled');
    expect(throttled.some((r) => r.entity_id === String(user.id))).toBe(true);
  });

  it('leaves the SPEC sign-in of an account without one unchanged', async () => {
    const res = await login(adminCredentials.email, adminCredentials.password);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(
      [
        'access_token',
        'birthday',
        'email',
        'gender',
        'nickname',
        'phone',
        'photo',
        'refresh_token',
        'user_id',
        'username',
      ].sort(),
    );
    const failed = await login(adminCredentials.email, 'wrong-password-1');
    expect(failed.status).toBe(401);
    expect(failed.body).toEqual({
      ok: false,
      message: '이메일 또는 비밀번호가 올바르지 않습니다.',
    });
  });
});

describe('turning it off and new recovery codes', () => {
  it('needs a current code or the password', async () => {
    const user = await userWithTotp('owner@sbsa.kr');
    const noProof = await t.api('POST', '/api/auth/totp/recovery-codes', {
      token: user.token,
      body: {},
    });
    expect(noProof.status).toBe(400);
    expect(noProof.body.message).toBe('지금의 일회용 코드나 비밀번호를 입력해 주세요.');
    const renewed = await t.api('POST', '/api/auth/totp/recovery-codes', {
      token: user.token,
      body: { password: 'password-1234' },
    });
    expect(renewed.status).toBe(200);
    expect(renewed.body.data.recoveryCodes).toHaveLength(10);
    // the old codes stopped working
    expect((await login('owner@sbsa.kr', 'password-1234', user.recoveryCodes[0])).status).toBe(401);

    const wrongPassword = await t.api('POST', '/api/auth/totp/disable', {
      token: user.token,
      body: { password: 'not-my-password' },
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.errors).toEqual({ password: '비밀번호가 올바르지 않습니다.' });
    const off = await t.api('POST', '/api/auth/totp/disable', {
      token: user.token,
      body: { code: codeAt(user.secret, Date.now() + step) },
    });
    expect(off.status).toBe(200);
    expect((await login('owner@sbsa.kr', 'password-1234')).status).toBe(200);
    expect((await auditOf('totp-disabled')).map((r) => r.user_id)).toContain(user.id);
  });
});

describe('an association that requires it of its managers', () => {
  it('is set by the association manager, audited, and holds writes until the set-up', async () => {
    const head = await t.makeUser({ email: 'head@sbsa.kr', grade: 1 });
    const operator = await t.makeUser({ email: 'operator@sbsa.kr', grade: 2 });
    const path = `/api/auth/totp/requirement/${t.main.id}`;
    expect(
      (await t.api('PUT', path, { token: operator.token, body: { required: true } })).status,
    ).toBe(403);
    const set = await t.api('PUT', path, { token: head.token, body: { required: true } });
    expect(set.status).toBe(200);
    expect((await t.api('GET', path, { token: head.token })).body.data).toEqual({ required: true });
    const audited = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'league_main')
      .where('user_id', '=', head.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audited.after_json ?? '')).toEqual({ requireTotp: true });

    const seasons = `/api/league/main/${t.main.id}/season`;
    const refused = await t.api('POST', seasons, {
      token: operator.token,
      body: { seasonName: '2단계 시즌', year: 2018 },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      ok: false,
      message: '2단계 인증을 먼저 설정해 주세요.',
      errors: { totp: '2단계 인증을 먼저 설정해 주세요.' },
    });
    // reads still work, and the state says what to do
    const state = await t.api('GET', '/api/auth/totp', { token: operator.token });
    expect(state.status).toBe(200);
    expect(state.body.data.setupRequired).toBe(true);
    expect(state.body.data.requiredBy).toEqual([t.main.name]);

    const setup = await t.api('POST', '/api/auth/totp/setup', { token: operator.token });
    await t.api('POST', '/api/auth/totp/enable', {
      token: operator.token,
      body: { code: codeAt(setup.body.data.secret, Date.now()) },
    });
    const created = await t.api('POST', seasons, {
      token: operator.token,
      body: { seasonName: '2단계 시즌', year: 2018 },
    });
    expect(created.status).toBe(201);

    // the association manager without a second factor is held too, even from turning the rule off
    expect(
      (await t.api('PUT', path, { token: head.token, body: { required: false } })).status,
    ).toBe(403);
    const off = await t.api('PUT', path, {
      token: await t.adminToken(),
      body: { required: false },
    });
    expect(off.body.data).toEqual({ required: false });
  });
});

describe('the admin reset', () => {
  it('lets a site admin and the association manager reset, audited, and no one else', async () => {
    const person = await userWithTotp('lost-phone@sbsa.kr', 3);
    const stranger = await t.makeUser({ email: 'stranger@sbsa.kr', grade: 2 });
    const denied = await t.api('POST', `/api/auth/totp/reset/${person.id}`, {
      token: stranger.token,
    });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('이 회원의 2단계 인증을 초기화할 권한이 없습니다.');

    const head = await t.makeUser({ email: 'head2@sbsa.kr', grade: 1 });
    const reset = await t.api('POST', `/api/auth/totp/reset/${person.id}`, { token: head.token });
    expect(reset.status).toBe(200);
    expect(reset.body.data).toEqual({ wasEnabled: true });
    expect((await login('lost-phone@sbsa.kr', 'password-1234')).status).toBe(200);
    const entry = (await auditOf('totp-reset')).find((r) => r.entity_id === String(person.id));
    expect(entry?.user_id).toBe(head.id);

    const other = await userWithTotp('no-association@sbsa.kr');
    expect(
      (await t.api('POST', `/api/auth/totp/reset/${other.id}`, { token: head.token })).status,
    ).toBe(403);
    const admin = await t.adminToken();
    const byAdmin = await t.api('POST', `/api/auth/totp/reset/${other.id}`, { token: admin });
    expect(byAdmin.status).toBe(200);
    expect((await login('no-association@sbsa.kr', 'password-1234')).status).toBe(200);
    expect(
      (await t.api('POST', '/api/auth/totp/reset/999999', { token: admin })).body.message,
    ).toBe('회원을 찾을 수 없습니다.');
  });
});

describe('idle sessions', () => {
  it('cannot be refreshed after ADMIN_IDLE_MINUTES without a request', async () => {
    // 0.03 minutes = 1.8 s
    const idle = await createTestApp({ env: { ADMIN_IDLE_MINUTES: '0.03' } });
    try {
      const signIn = () => idle.api('POST', '/api/auth/login', { body: adminCredentials });
      const active = await signIn();
      const { access_token, refresh_token, user_id } = active.body.data;
      // used within the limit: refreshed
      await new Promise((r) => setTimeout(r, 1000));
      expect((await idle.api('GET', '/api/admin/dashboard', { token: access_token })).status).toBe(
        200,
      );
      await new Promise((r) => setTimeout(r, 1000));
      const refreshed = await idle.api('POST', '/api/auth/refresh', {
        body: { refreshToken: refresh_token, userId: user_id },
      });
      expect(refreshed.status).toBe(200);

      // left alone past the limit: the access token is refused and the refresh ends the sign-in
      await new Promise((r) => setTimeout(r, 2000));
      expect(
        (await idle.api('GET', '/api/admin/dashboard', { token: refreshed.body.data.access_token }))
          .status,
      ).toBe(401);
      const ended = await idle.api('POST', '/api/auth/refresh', {
        body: { refreshToken: refreshed.body.data.refresh_token, userId: user_id },
      });
      expect(ended.status).toBe(401);
      expect(ended.body.message).toBe(
        '오랫동안 사용하지 않아 로그아웃되었습니다. 다시 로그인해 주세요.',
      );
      expect(ended.body.errors).toEqual({ session: ended.body.message });
      const revoked = await idle.db
        .selectFrom('refresh_tokens')
        .select('revoked_at')
        .where('user_id', '=', user_id)
        .execute();
      expect(revoked.every((r) => r.revoked_at !== null)).toBe(true);
      const logged = await idle.db
        .selectFrom('audit_log')
        .select('user_id')
        .where('action', '=', 'logout-idle')
        .execute();
      expect(logged).toEqual([{ user_id }]);
    } finally {
      await idle.close();
    }
  });

  it('defaults to 30 minutes', () => {
    expect(t.config.ADMIN_IDLE_MINUTES).toBe(30);
  });
});
