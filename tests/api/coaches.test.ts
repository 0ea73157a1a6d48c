import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: string;
let grade1: string;
let grade2: string;
let plain: string;
let teamA: number;
let teamB: number;
let managerA: { id: number; token: string };
let coachId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  grade1 = (await t.makeUser({ email: 'g1@test.kr', grade: 1 })).token;
  grade2 = (await t.makeUser({ email: 'g2@test.kr', grade: 2 })).token;
  plain = (await t.makeUser({ email: 'plain@test.kr' })).token;
  teamA = (
    await t.db
      .insertInto('teams')
      .values({ main_id: t.main.id, name: '서울 드래곤즈' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  teamB = (
    await t.db
      .insertInto('teams')
      .values({ main_id: t.main.id, name: '부산 갈매기' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  managerA = await t.makeUser({ email: 'tm-a@test.kr', teamId: teamA });
});
afterAll(() => t.close());

const coachCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('coaches')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('coaches CRUD', () => {
  it('checks who may create', async () => {
    const body = { name: '이감독' };
    expect((await t.api('POST', '/api/coaches', { body })).status).toBe(401);
    expect((await t.api('POST', '/api/coaches', { body, token: plain })).status).toBe(403);
    expect((await t.api('POST', '/api/coaches', { body, token: grade2 })).status).toBe(403);
    expect((await t.api('POST', '/api/coaches', { body, token: managerA.token })).status).toBe(403);
    expect(await coachCount()).toBe(0);
  });

  it('creates, validates and refuses duplicates', async () => {
    const res = await t.api('POST', '/api/coaches', {
      body: { name: '이감독', phone: '010-1234-5678', birthDate: '1970-01-01' },
      token: grade1,
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: '이감독',
      phone: '010-1234-5678',
      currentTeams: [],
    });
    coachId = res.body.data.id;
    expect((await t.takeChanges()).changes).toBeNull();
    const bad = await t.api('POST', '/api/coaches', {
      body: { name: ' ', phone: 'abc' },
      token: admin,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      name: '이름을 입력해 주세요.',
      phone: '전화번호의 형식이 올바르지 않습니다.',
    });
    const dup = await t.api('POST', '/api/coaches', {
      body: { name: '이감독', birthDate: '1970-01-01' },
      token: admin,
    });
    expect(dup.status).toBe(409);
    expect(dup.body.errors.name).toBeDefined();
    expect(await coachCount()).toBe(1);
  });

  it("lists for anyone, showing the phone to the association's managers only", async () => {
    const anon = await t.api('GET', `/api/coaches?q=${encodeURIComponent('ㅇㄱㄷ')}`);
    expect(anon.status).toBe(200);
    expect(anon.body.data.total).toBe(1);
    expect(anon.body.data.items[0]).not.toHaveProperty('phone');
    const signed = await t.api('GET', `/api/coaches/${coachId}`, { token: plain });
    expect(signed.body.data).not.toHaveProperty('phone');
    const manager = await t.api('GET', `/api/coaches/${coachId}`, { token: grade2 });
    expect(manager.body.data.phone).toBe('010-1234-5678');
    expect((await t.api('GET', '/api/coaches/9999')).body.message).toBe(
      '지도자를 찾을 수 없습니다.',
    );
    expect((await t.api('GET', '/api/coaches?limit=0')).status).toBe(400);
  });

  it('updates what is sent', async () => {
    expect(
      (await t.api('PATCH', `/api/coaches/${coachId}`, { body: { phone: null } })).status,
    ).toBe(401);
    expect(
      (await t.api('PATCH', `/api/coaches/${coachId}`, { body: { phone: null }, token: grade2 }))
        .status,
    ).toBe(403);
    const res = await t.api('PATCH', `/api/coaches/${coachId}`, {
      body: { phone: null },
      token: grade1,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: '이감독', phone: null });
    expect(
      (
        await t.api('PATCH', `/api/coaches/${coachId}`, {
          body: { birthDate: '어제' },
          token: grade1,
        })
      ).status,
    ).toBe(400);
    expect(
      (await t.api('PATCH', '/api/coaches/9999', { body: { phone: null }, token: grade1 })).status,
    ).toBe(404);
  });
});

describe('coach careers', () => {
  let careerId: number;

  it('adds a career with a role (grade 1 and admins only)', async () => {
    const path = `/api/coaches/${coachId}/career`;
    const body = { teamId: teamA, role: '감독', fromDate: '2021-01-01' };
    expect((await t.api('POST', path, { body })).status).toBe(401);
    expect((await t.api('POST', path, { body, token: managerA.token })).status).toBe(403);
    const res = await t.api('POST', path, { body, token: grade1 });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      coachId,
      teamId: teamA,
      teamName: '서울 드래곤즈',
      role: '감독',
      current: true,
    });
    careerId = res.body.data.id;
    const current = await t.api('GET', `/api/coaches/${coachId}`);
    expect(current.body.data.currentTeams).toEqual([
      { teamId: teamA, teamName: '서울 드래곤즈', role: '감독' },
    ]);
    const teamFilter = await t.api('GET', `/api/coaches?teamId=${teamA}`);
    expect(teamFilter.body.data.total).toBe(1);
  });

  it('rejects bad careers', async () => {
    const path = `/api/coaches/${coachId}/career`;
    const badRole = await t.api('POST', path, {
      body: { teamId: teamB, role: '매니저', fromDate: '2021-01-01' },
      token: admin,
    });
    expect(badRole.status).toBe(400);
    expect(badRole.body.errors.role).toBe('역할의 값이 올바르지 않습니다.');
    const overlap = await t.api('POST', path, {
      body: { teamId: teamA, role: '코치', fromDate: '2022-01-01' },
      token: admin,
    });
    expect(overlap.status).toBe(409);
    const second = await t.api('POST', path, {
      body: { teamId: teamB, role: '단장', fromDate: '2022-01-01' },
      token: admin,
    });
    expect(second.status).toBe(201);
    expect((await t.api('GET', path)).body.data).toHaveLength(2);
    expect((await t.api('GET', '/api/coaches/9999/career')).status).toBe(404);
  });

  it('updates and deletes a career', async () => {
    const path = `/api/coaches/${coachId}/career/${careerId}`;
    expect(
      (await t.api('PATCH', path, { body: { role: '코치' }, token: managerA.token })).status,
    ).toBe(403);
    const res = await t.api('PATCH', path, {
      body: { role: '코치', toDate: '2021-12-31' },
      token: grade1,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ role: '코치', toDate: '2021-12-31', current: false });
    expect(
      (await t.api('PATCH', path, { body: { toDate: '2020-01-01' }, token: grade1 })).status,
    ).toBe(400);
    expect(
      (
        await t.api('PATCH', `/api/coaches/${coachId}/career/9999`, {
          body: { role: '코치' },
          token: grade1,
        })
      ).status,
    ).toBe(404);
    expect((await t.api('DELETE', path)).status).toBe(401);
    expect((await t.api('DELETE', path, { token: plain })).status).toBe(403);
    expect((await t.api('DELETE', path, { token: grade1 })).status).toBe(200);
    expect((await t.api('DELETE', path, { token: grade1 })).status).toBe(404);
  });
});

describe('DELETE /api/coaches/{id}', () => {
  it('refuses while careers exist, then deletes', async () => {
    expect((await t.api('DELETE', `/api/coaches/${coachId}`, { token: grade2 })).status).toBe(403);
    const blocked = await t.api('DELETE', `/api/coaches/${coachId}`, { token: admin });
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toBe(
      '지도자 경력이 있는 지도자는 삭제할 수 없습니다. (지도자 경력 1건)',
    );
    await t.db.deleteFrom('team_coaches').where('coach_id', '=', coachId).execute();
    expect((await t.api('DELETE', `/api/coaches/${coachId}`, { token: admin })).status).toBe(200);
    expect((await t.api('GET', `/api/coaches/${coachId}`)).status).toBe(404);
  });
});
