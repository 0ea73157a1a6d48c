import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: string;
let adminId: number;
let g1: { id: number; token: string };
let g2: { id: number; token: string };
let g3: { id: number; token: string };
let plain: { id: number; token: string };
let teamId: number;
let teamManager: { id: number; token: string };
let otherMain: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  adminId = (
    await t.db.selectFrom('users').select('id').where('is_admin', '=', 1).executeTakeFirstOrThrow()
  ).id;
  g1 = await t.makeUser({ email: 'g1@test.kr', grade: 1 });
  g2 = await t.makeUser({ email: 'g2@test.kr', grade: 2 });
  g3 = await t.makeUser({ email: 'g3@test.kr', grade: 3 });
  plain = await t.makeUser({ email: 'plain@test.kr' });
  teamId = (
    await t.db
      .insertInto('teams')
      .values({ main_id: t.main.id, name: '서울 드래곤즈' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  teamManager = await t.makeUser({ email: 'tm@test.kr', teamId });
  otherMain = (
    await t.db
      .insertInto('league_main')
      .values({ path: 'other', name: '다른 협회' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

describe('GET /api/league/admin/manager/can_access/{leagueMainId}/{userId}', () => {
  const path = (mainId: number, userId: number) =>
    `/api/league/admin/manager/can_access/${mainId}/${userId}`;

  it('answers result and grade for the user themself', async () => {
    expect((await t.api('GET', path(t.main.id, g2.id), { token: g2.token })).body).toEqual({
      ok: true,
      data: { result: true, grade: 2 },
    });
    expect((await t.api('GET', path(t.main.id, g3.id), { token: g3.token })).body.data).toEqual({
      result: true,
      grade: 3,
    });
    expect((await t.api('GET', path(t.main.id, plain.id), { token: plain.token })).body).toEqual({
      ok: true,
      data: { result: false, grade: null },
    });
    expect((await t.api('GET', path(otherMain, g1.id), { token: g1.token })).body.data).toEqual({
      result: false,
      grade: null,
    });
    expect((await t.api('GET', path(t.main.id, adminId), { token: admin })).body.data).toEqual({
      result: true,
      grade: 1,
    });
  });

  it('lets admins ask about anyone, others only about themselves', async () => {
    expect((await t.api('GET', path(t.main.id, g1.id), { token: admin })).body.data).toEqual({
      result: true,
      grade: 1,
    });
    expect((await t.api('GET', path(t.main.id, g1.id))).status).toBe(401);
    expect((await t.api('GET', path(t.main.id, g1.id), { token: plain.token })).status).toBe(403);
    expect((await t.api('GET', path(t.main.id, g2.id), { token: g1.token })).status).toBe(403);
  });

  it('404 for unknown ids, 400 for bad ones', async () => {
    const missingMain = await t.api('GET', path(9999, g1.id), { token: g1.token });
    expect(missingMain.status).toBe(404);
    expect(missingMain.body.message).toBe('협회를 찾을 수 없습니다.');
    expect((await t.api('GET', path(t.main.id, 9999), { token: admin })).status).toBe(404);
    expect(
      (await t.api('GET', '/api/league/admin/manager/can_access/abc/1', { token: admin })).status,
    ).toBe(400);
  });
});

describe('GET /api/team/{teamId}/admin/can_access/{userId}', () => {
  const path = (team: number, userId: number) => `/api/team/${team}/admin/can_access/${userId}`;

  it('is true for the team manager, grade 1 and admins, false for others', async () => {
    expect(
      (await t.api('GET', path(teamId, teamManager.id), { token: teamManager.token })).body,
    ).toEqual({ ok: true, data: true });
    expect((await t.api('GET', path(teamId, g1.id), { token: g1.token })).body.data).toBe(true);
    expect((await t.api('GET', path(teamId, adminId), { token: admin })).body.data).toBe(true);
    expect((await t.api('GET', path(teamId, g2.id), { token: g2.token })).body.data).toBe(false);
    expect((await t.api('GET', path(teamId, plain.id), { token: admin })).body.data).toBe(false);
  });

  it('checks the caller and the ids', async () => {
    expect((await t.api('GET', path(teamId, teamManager.id))).status).toBe(401);
    expect((await t.api('GET', path(teamId, teamManager.id), { token: plain.token })).status).toBe(
      403,
    );
    const missing = await t.api('GET', path(9999, plain.id), { token: plain.token });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('팀을 찾을 수 없습니다.');
    expect(
      (await t.api('GET', `/api/team/${teamId}/admin/can_access/-1`, { token: admin })).status,
    ).toBe(400);
  });
});

describe('GET /api/league/main/manager/{userId}', () => {
  it('lists the associations the user manages with the grade', async () => {
    const res = await t.api('GET', `/api/league/main/manager/${g2.id}`, { token: g2.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        mainId: t.main.id,
        path: 'sbsa',
        name: t.main.name,
        shortName: t.main.short_name,
        grade: 2,
        gradeName: '리그 운영자',
      },
    ]);
    expect(
      (await t.api('GET', `/api/league/main/manager/${plain.id}`, { token: plain.token })).body
        .data,
    ).toEqual([]);
    const forAdmin = await t.api('GET', `/api/league/main/manager/${adminId}`, { token: admin });
    expect(
      forAdmin.body.data.map((m: { mainId: number; grade: number }) => [m.mainId, m.grade]),
    ).toEqual([
      [t.main.id, 1],
      [otherMain, 1],
    ]);
    expect((await t.api('GET', `/api/league/main/manager/${g2.id}`)).status).toBe(401);
    expect(
      (await t.api('GET', `/api/league/main/manager/${g2.id}`, { token: g1.token })).status,
    ).toBe(403);
    expect((await t.api('GET', '/api/league/main/manager/9999', { token: admin })).status).toBe(
      404,
    );
  });
});

describe('GET /api/league/board/{mainId}/{board}/user/{userId}', () => {
  const path = (userId: number, board = 'notice') =>
    `/api/league/board/${t.main.id}/${board}/user/${userId}`;

  it('derives the role from the standing when none is given', async () => {
    expect((await t.api('GET', path(adminId), { token: admin })).body.data).toEqual({
      role: 'admin',
      source: 'admin',
    });
    expect((await t.api('GET', path(g1.id), { token: g1.token })).body.data).toEqual({
      role: 'admin',
      source: 'grade',
    });
    expect((await t.api('GET', path(g2.id), { token: g2.token })).body.data).toEqual({
      role: 'write',
      source: 'grade',
    });
    expect((await t.api('GET', path(plain.id), { token: plain.token })).body).toEqual({
      ok: true,
      data: null,
    });
  });

  it('checks the caller and the input', async () => {
    expect((await t.api('GET', path(plain.id))).status).toBe(401);
    expect((await t.api('GET', path(g1.id), { token: plain.token })).status).toBe(403);
    const bad = await t.api('GET', path(plain.id, 'NOT VALID'), { token: plain.token });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.board).toMatch(/게시판/);
    expect(
      (await t.api('GET', `/api/league/board/9999/notice/user/${plain.id}`, { token: plain.token }))
        .status,
    ).toBe(404);
  });
});

describe('/api/league/main/{mainId}/boards/{board}/roles', () => {
  const path = (board = 'notice') => `/api/league/main/${t.main.id}/boards/${board}/roles`;

  it('gives, changes, lists and removes a board role', async () => {
    expect((await t.api('PUT', `${path()}/${plain.id}`, { body: { role: 'write' } })).status).toBe(
      401,
    );
    expect(
      (await t.api('PUT', `${path()}/${plain.id}`, { body: { role: 'write' }, token: g2.token }))
        .status,
    ).toBe(403);
    const bad = await t.api('PUT', `${path()}/${plain.id}`, {
      body: { role: 'owner' },
      token: g1.token,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.role).toBe('권한의 값이 올바르지 않습니다.');
    expect(
      (await t.api('PUT', `${path()}/9999`, { body: { role: 'write' }, token: g1.token })).status,
    ).toBe(404);
    const given = await t.api('PUT', `${path()}/${plain.id}`, {
      body: { role: 'write' },
      token: g1.token,
    });
    expect(given.status).toBe(200);
    expect(given.body.data).toMatchObject({
      board: 'notice',
      userId: plain.id,
      role: 'write',
      email: 'plain@test.kr',
    });
    expect(
      (await t.api('PUT', `${path()}/${plain.id}`, { body: { role: 'read' }, token: admin })).body
        .data.role,
    ).toBe('read');
    expect(
      (
        await t.api('GET', `/api/league/board/${t.main.id}/notice/user/${plain.id}`, {
          token: plain.token,
        })
      ).body.data,
    ).toEqual({ role: 'read', source: 'board' });
    expect((await t.api('GET', path(), { token: plain.token })).status).toBe(403);
    expect((await t.api('GET', path())).status).toBe(401);
    const list = await t.api('GET', path(), { token: g3.token });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect((await t.api('DELETE', `${path()}/${plain.id}`, { token: g2.token })).status).toBe(403);
    expect((await t.api('DELETE', `${path()}/${plain.id}`, { token: g1.token })).status).toBe(200);
    expect((await t.api('DELETE', `${path()}/${plain.id}`, { token: g1.token })).status).toBe(404);
    expect(
      await t.db.selectFrom('audit_log').select('id').where('entity', '=', 'board_role').execute(),
    ).toHaveLength(3);
  });
});

describe('/api/league/main/{mainId}/managers', () => {
  const path = () => `/api/league/main/${t.main.id}/managers`;

  it('grants, changes and revokes a grade (grade 1 and admins)', async () => {
    const user = await t.makeUser({ email: 'new-manager@test.kr' });
    expect((await t.api('POST', path(), { body: { userId: user.id, grade: 3 } })).status).toBe(401);
    expect(
      (await t.api('POST', path(), { body: { userId: user.id, grade: 3 }, token: plain.token }))
        .status,
    ).toBe(403);
    expect(
      (await t.api('POST', path(), { body: { userId: user.id, grade: 3 }, token: g2.token }))
        .status,
    ).toBe(403);
    const bad = await t.api('POST', path(), {
      body: { userId: user.id, grade: 4 },
      token: g1.token,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.grade).toBe('등급의 값이 올바르지 않습니다.');
    const unknown = await t.api('POST', path(), {
      body: { userId: 9999, grade: 3 },
      token: g1.token,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.userId).toBe('회원을 찾을 수 없습니다.');
    expect(
      await t.db
        .selectFrom('league_managers')
        .select('id')
        .where('user_id', '=', user.id)
        .execute(),
    ).toHaveLength(0);

    const granted = await t.api('POST', path(), {
      body: { userId: user.id, grade: 3 },
      token: g1.token,
    });
    expect(granted.status).toBe(201);
    expect(granted.body.data).toMatchObject({
      mainId: t.main.id,
      userId: user.id,
      grade: 3,
      gradeName: '기록원',
    });
    expect(
      (await t.api('POST', path(), { body: { userId: user.id, grade: 2 }, token: g1.token }))
        .status,
    ).toBe(409);

    expect(
      (await t.api('PATCH', `${path()}/${user.id}`, { body: { grade: 2 }, token: g2.token }))
        .status,
    ).toBe(403);
    const changed = await t.api('PATCH', `${path()}/${user.id}`, {
      body: { grade: 2 },
      token: admin,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.grade).toBe(2);
    expect(
      (await t.api('PATCH', `${path()}/${plain.id}`, { body: { grade: 2 }, token: admin })).status,
    ).toBe(404);

    const list = await t.api('GET', path(), { token: g3.token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((m: { userId: number }) => m.userId)).toContain(user.id);
    expect((await t.api('GET', path(), { token: plain.token })).status).toBe(403);
    expect((await t.api('GET', '/api/league/main/9999/managers', { token: admin })).status).toBe(
      404,
    );

    expect((await t.api('DELETE', `${path()}/${user.id}`, { token: g2.token })).status).toBe(403);
    expect((await t.api('DELETE', `${path()}/${user.id}`, { token: g1.token })).status).toBe(200);
    expect((await t.api('DELETE', `${path()}/${user.id}`, { token: g1.token })).status).toBe(404);
    expect(
      (
        await t.api('GET', `/api/league/admin/manager/can_access/${t.main.id}/${user.id}`, {
          token: user.token,
        })
      ).body.data,
    ).toEqual({ result: false, grade: null });
  });

  it('does not let a grade-1 manager of another association act here', async () => {
    const foreign = await t.makeUser({ email: 'foreign@test.kr' });
    await t.db
      .insertInto('league_managers')
      .values({ main_id: otherMain, user_id: foreign.id, grade: 1 })
      .execute();
    expect(
      (await t.api('POST', path(), { body: { userId: plain.id, grade: 3 }, token: foreign.token }))
        .status,
    ).toBe(403);
  });
});
