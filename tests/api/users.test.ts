import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: string;
let adminId: number;
let grade1: string;
let grade2: string;
let plain: { id: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  adminId = (
    await t.db.selectFrom('users').select('id').where('is_admin', '=', 1).executeTakeFirstOrThrow()
  ).id;
  grade1 = (await t.makeUser({ email: 'g1@test.kr', grade: 1 })).token;
  grade2 = (await t.makeUser({ email: 'g2@test.kr', grade: 2 })).token;
  plain = await t.makeUser({ email: 'plain@test.kr' });
});
afterAll(() => t.close());

const userCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /api/users', () => {
  const body = {
    email: 'hong@test.kr',
    password: 'secret-pass-1',
    username: '홍길동',
    phone: '010-2222-3333',
  };

  it('is for site admins only', async () => {
    expect((await t.api('POST', '/api/users', { body })).status).toBe(401);
    expect((await t.api('POST', '/api/users', { body, token: plain.token })).status).toBe(403);
    expect((await t.api('POST', '/api/users', { body, token: grade1 })).status).toBe(403);
  });

  it('creates an account whose password works and is never returned', async () => {
    const res = await t.api('POST', '/api/users', { body, token: admin });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      email: 'hong@test.kr',
      username: '홍길동',
      isAdmin: false,
      disabled: false,
      playerIds: [],
      coachIds: [],
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password|argon/i);
    const login = await t.api('POST', '/api/auth/login', {
      body: { email: 'hong@test.kr', password: 'secret-pass-1' },
    });
    expect(login.status).toBe(200);
    const row = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'hong@test.kr')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('rejects bad input and duplicates', async () => {
    const before = await userCount();
    const bad = await t.api('POST', '/api/users', {
      body: { email: 'not-an-email', password: 'short', username: '' },
      token: admin,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      email: '이메일의 형식이 올바르지 않습니다.',
      password: '비밀번호는 8자 이상이어야 합니다.',
      username: '이름을 입력해 주세요.',
    });
    const dup = await t.api('POST', '/api/users', {
      body: { ...body, email: 'HONG@test.kr' },
      token: admin,
    });
    expect(dup.status).toBe(409);
    expect(dup.body.errors.email).toBe('이미 등록된 이메일입니다.');
    expect(await userCount()).toBe(before);
  });

  it('refuses a common password and one of blanks only, with the reason on the field', async () => {
    const before = await userCount();
    for (const [password, message] of [
      [
        'password1',
        '너무 흔히 쓰이는 비밀번호입니다. 남이 짐작하기 어려운 다른 비밀번호를 정해 주세요.',
      ],
      ['        ', '비밀번호를 공백만으로 정할 수는 없습니다.'],
    ]) {
      const res = await t.api('POST', '/api/users', {
        body: { ...body, email: 'weak@test.kr', password },
        token: admin,
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ password: message });
    }
    expect(await userCount()).toBe(before);
  });
});

describe('GET /api/users', () => {
  it('lets admins and grade-1 managers look users up', async () => {
    expect((await t.api('GET', '/api/users')).status).toBe(401);
    expect((await t.api('GET', '/api/users', { token: plain.token })).status).toBe(403);
    expect((await t.api('GET', '/api/users', { token: grade2 })).status).toBe(403);
    const res = await t.api('GET', `/api/users?q=${encodeURIComponent('ㅎㄱㄷ')}`, {
      token: grade1,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((u: { email: string }) => u.email)).toEqual(['hong@test.kr']);
    const byEmail = await t.api('GET', '/api/users?q=PLAIN', { token: admin });
    expect(byEmail.body.data.total).toBe(1);
    expect(JSON.stringify(byEmail.body)).not.toMatch(/password/i);
    expect((await t.api('GET', '/api/users?offset=-1', { token: admin })).status).toBe(400);
  });

  it('gets one account or 404', async () => {
    expect((await t.api('GET', `/api/users/${plain.id}`, { token: admin })).body.data.email).toBe(
      'plain@test.kr',
    );
    expect((await t.api('GET', `/api/users/${plain.id}`, { token: plain.token })).status).toBe(403);
    const missing = await t.api('GET', '/api/users/9999', { token: admin });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('회원을 찾을 수 없습니다.');
  });
});

describe('PATCH and DELETE /api/users/{id}', () => {
  it('updates, changes the password and ends the old sign-ins', async () => {
    const id = (await t.api('GET', '/api/users?q=hong', { token: admin })).body.data.items[0].id;
    const login = await t.api('POST', '/api/auth/login', {
      body: { email: 'hong@test.kr', password: 'secret-pass-1' },
    });
    expect(
      (await t.api('PATCH', `/api/users/${id}`, { body: { nickname: '길동' }, token: grade1 }))
        .status,
    ).toBe(403);
    const res = await t.api('PATCH', `/api/users/${id}`, {
      body: { nickname: '길동', password: 'new-password-2' },
      token: admin,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.nickname).toBe('길동');
    const refresh = await t.api('POST', '/api/auth/refresh', {
      body: { refreshToken: login.body.data.refresh_token, userId: id },
    });
    expect(refresh.status).toBe(401);
    expect(
      (
        await t.api('POST', '/api/auth/login', {
          body: { email: 'hong@test.kr', password: 'new-password-2' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await t.api('PATCH', `/api/users/${id}`, { body: { email: 'plain@test.kr' }, token: admin }))
        .status,
    ).toBe(409);
    expect(
      (await t.api('PATCH', `/api/users/${id}`, { body: { gender: 'Z' }, token: admin })).status,
    ).toBe(400);
    expect(
      (await t.api('PATCH', '/api/users/9999', { body: { nickname: 'x' }, token: admin })).status,
    ).toBe(404);
  });

  it('refuses a common new password and leaves the old one working', async () => {
    const id = (await t.api('GET', '/api/users?q=hong', { token: admin })).body.data.items[0].id;
    const hash = () =>
      t.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirst();
    const before = await hash();
    const res = await t.api('PATCH', `/api/users/${id}`, {
      body: { password: 'Password1' },
      token: admin,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.password).toBe(
      '너무 흔히 쓰이는 비밀번호입니다. 남이 짐작하기 어려운 다른 비밀번호를 정해 주세요.',
    );
    expect(await hash()).toEqual(before);
  });

  it('keeps an admin from locking themselves out', async () => {
    const demote = await t.api('PATCH', `/api/users/${adminId}`, {
      body: { isAdmin: false },
      token: admin,
    });
    expect(demote.status).toBe(400);
    expect(demote.body.errors.isAdmin).toBeDefined();
    expect((await t.api('DELETE', `/api/users/${adminId}`, { token: admin })).status).toBe(400);
  });

  it('disables instead of deleting', async () => {
    const victim = await t.makeUser({ email: 'leaving@test.kr' });
    expect((await t.api('DELETE', `/api/users/${victim.id}`)).status).toBe(401);
    expect((await t.api('DELETE', `/api/users/${victim.id}`, { token: grade1 })).status).toBe(403);
    const res = await t.api('DELETE', `/api/users/${victim.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.disabled).toBe(true);
    expect(
      await t.db.selectFrom('users').select('id').where('id', '=', victim.id).executeTakeFirst(),
    ).toBeDefined();
    expect((await t.api('GET', '/api/users/9999', { token: victim.token })).status).toBe(401);
    expect((await t.api('GET', '/api/users?q=leaving', { token: admin })).body.data.total).toBe(0);
    expect(
      (await t.api('GET', '/api/users?q=leaving&includeDisabled=true', { token: admin })).body.data
        .total,
    ).toBe(1);
    expect((await t.api('DELETE', '/api/users/9999', { token: admin })).status).toBe(404);
    expect(
      await t.db
        .selectFrom('audit_log')
        .select('id')
        .where('entity', '=', 'user')
        .where('action', '=', 'update')
        .execute(),
    ).not.toHaveLength(0);
  });
});

describe('unregistered users', () => {
  it('lists accounts linked to no player or coach and links one to a player', async () => {
    const player = await t.db
      .insertInto('players')
      .values({ main_id: t.main.id, name: '선수 하나' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const coach = await t.db
      .insertInto('coaches')
      .values({ main_id: t.main.id, name: '지도자 하나' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await t.api('GET', '/api/users/unregistered')).status).toBe(401);
    expect((await t.api('GET', '/api/users/unregistered', { token: plain.token })).status).toBe(
      403,
    );
    const before = await t.api('GET', '/api/users/unregistered', { token: grade1 });
    expect(before.status).toBe(200);
    expect(before.body.data.items.map((u: { id: number }) => u.id)).toContain(plain.id);

    const path = `/api/users/${plain.id}/link`;
    expect((await t.api('POST', path, { body: { playerId: player.id } })).status).toBe(401);
    expect(
      (await t.api('POST', path, { body: { playerId: player.id }, token: grade2 })).status,
    ).toBe(403);
    const neither = await t.api('POST', path, { body: {}, token: grade1 });
    expect(neither.status).toBe(400);
    expect(neither.body.errors.playerId).toBe('연결할 선수나 지도자 중 하나를 골라 주세요.');
    const unknown = await t.api('POST', path, { body: { playerId: 9999 }, token: grade1 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.playerId).toBe('선수를 찾을 수 없습니다.');
    expect(
      (
        await t.api('POST', '/api/users/9999/link', {
          body: { playerId: player.id },
          token: grade1,
        })
      ).status,
    ).toBe(404);

    const res = await t.api('POST', path, { body: { playerId: player.id }, token: grade1 });
    expect(res.status).toBe(200);
    expect(res.body.data.playerIds).toEqual([player.id]);
    const after = await t.api('GET', '/api/users/unregistered', { token: grade1 });
    expect(after.body.data.items.map((u: { id: number }) => u.id)).not.toContain(plain.id);

    const other = await t.makeUser({ email: 'other@test.kr' });
    const taken = await t.api('POST', `/api/users/${other.id}/link`, {
      body: { playerId: player.id },
      token: admin,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('이 선수는 이미 다른 회원과 연결되어 있습니다.');
    const toCoach = await t.api('POST', `/api/users/${other.id}/link`, {
      body: { coachId: coach.id },
      token: admin,
    });
    expect(toCoach.status).toBe(200);
    expect(toCoach.body.data.coachIds).toEqual([coach.id]);
  });
});

describe('GET /api/user/{id}', () => {
  it('gives the profile with phone to the user, admins and grade-1 managers only', async () => {
    const hong = (await t.api('GET', '/api/users?q=hong', { token: admin })).body.data.items[0].id;
    const login = await t.api('POST', '/api/auth/login', {
      body: { email: 'hong@test.kr', password: 'new-password-2' },
    });
    const own = await t.api('GET', `/api/user/${hong}`, { token: login.body.data.access_token });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({
      userId: hong,
      email: 'hong@test.kr',
      phone: '010-2222-3333',
      photo: null,
      isAdmin: false,
    });
    expect(JSON.stringify(own.body)).not.toMatch(/password/i);
    expect((await t.api('GET', `/api/user/${hong}`, { token: admin })).status).toBe(200);
    expect((await t.api('GET', `/api/user/${hong}`, { token: grade1 })).status).toBe(200);
    expect((await t.api('GET', `/api/user/${hong}`, { token: grade2 })).status).toBe(403);
    expect((await t.api('GET', `/api/user/${hong}`, { token: plain.token })).status).toBe(403);
    expect((await t.api('GET', `/api/user/${hong}`)).status).toBe(401);
    expect((await t.api('GET', '/api/user/9999', { token: admin })).status).toBe(404);
    expect((await t.api('GET', '/api/user/abc', { token: admin })).status).toBe(400);
  });
});

describe('GET /api/user/{userId}/player', () => {
  it('lists the team-player entries of the linked player', async () => {
    const player = (
      await t.db
        .selectFrom('players')
        .select('id')
        .where('user_id', '=', plain.id)
        .executeTakeFirstOrThrow()
    ).id;
    const team = await t.db
      .insertInto('teams')
      .values({ main_id: t.main.id, name: '서울 드래곤즈' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const old = await t.db
      .insertInto('teams')
      .values({ main_id: t.main.id, name: '옛 팀' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('team_players')
      .values([
        { team_id: old.id, player_id: player, from_date: '2015-01-01', to_date: '2019-12-31' },
        { team_id: team.id, player_id: player, from_date: '2020-01-01' },
      ])
      .execute();
    const res = await t.api('GET', `/api/user/${plain.id}/player`, { token: plain.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { teamId: team.id, leagueMains: [t.main.id], playerId: player, current: true },
      { teamId: old.id, leagueMains: [t.main.id], playerId: player, current: false },
    ]);
    expect((await t.api('GET', `/api/user/${plain.id}/player`, { token: grade2 })).status).toBe(
      403,
    );
    expect((await t.api('GET', `/api/user/${plain.id}/player`)).status).toBe(401);
    expect((await t.api('GET', '/api/user/9999/player', { token: admin })).status).toBe(404);
    expect((await t.api('GET', `/api/user/${adminId}/player`, { token: admin })).body.data).toEqual(
      [],
    );
  });
});
