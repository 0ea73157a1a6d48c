import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: string;
let grade1: string;
let grade2: string;
let plain: string;
let otherGrade1: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  grade1 = (await t.makeUser({ email: 'g1@test.kr', grade: 1 })).token;
  grade2 = (await t.makeUser({ email: 'g2@test.kr', grade: 2 })).token;
  plain = (await t.makeUser({ email: 'plain@test.kr' })).token;
  const other = await t.db
    .insertInto('league_main')
    .values({ path: 'other', name: '다른 협회' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const u = await t.makeUser({ email: 'other-g1@test.kr' });
  await t.db
    .insertInto('league_managers')
    .values({ main_id: other.id, user_id: u.id, grade: 1 })
    .execute();
  otherGrade1 = u.token;
});
afterAll(() => t.close());

const count = async () =>
  Number(
    (
      await t.db
        .selectFrom('divisions')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /api/divisions', () => {
  it('needs a signed-in grade-1 manager or admin', async () => {
    expect((await t.api('POST', '/api/divisions', { body: { name: '여자부' } })).status).toBe(401);
    expect(
      (await t.api('POST', '/api/divisions', { body: { name: '여자부' }, token: plain })).status,
    ).toBe(403);
    expect(
      (await t.api('POST', '/api/divisions', { body: { name: '여자부' }, token: grade2 })).status,
    ).toBe(403);
    expect(
      (await t.api('POST', '/api/divisions', { body: { name: '여자부' }, token: otherGrade1 }))
        .status,
    ).toBe(403);
    expect(await count()).toBe(0);
  });

  it('creates a division, audits it and marks the site dirty', async () => {
    const res = await t.api('POST', '/api/divisions', {
      body: { name: '여자부', sortOrder: 1 },
      token: grade1,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      ok: true,
      data: { name: '여자부', sortOrder: 1, mainId: t.main.id, teamCount: 0 },
    });
    expect((await t.takeChanges()).changes).toBeNull();
    const log = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'division')
      .execute();
    expect(log).toHaveLength(1);
    const byAdmin = await t.api('POST', '/api/divisions', {
      body: { name: '남자 1부', sortOrder: 2 },
      token: admin,
    });
    expect(byAdmin.status).toBe(201);
  });

  it('rejects bad input with Korean field messages and writes nothing', async () => {
    const before = await count();
    const res = await t.api('POST', '/api/divisions', {
      body: { name: '  ', sortOrder: -1 },
      token: admin,
    });
    expect(res.status).toBe(400);
    expect(res.body.ok).toBe(false);
    expect(res.body.errors.name).toBe('부 이름을 입력해 주세요.');
    expect(res.body.errors.sortOrder).toMatch(/정렬 순서는 0 이상/);
    const unknownMain = await t.api('POST', '/api/divisions', {
      body: { name: '시니어부', mainId: 999 },
      token: admin,
    });
    expect(unknownMain.status).toBe(400);
    expect(unknownMain.body.errors.mainId).toBe('협회를 찾을 수 없습니다.');
    const notJson = await t.api('POST', '/api/divisions', {
      rawBody: '{',
      headers: { 'content-type': 'application/json' },
      token: admin,
    });
    expect(notJson.status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('refuses a duplicate name with 409 and a field error', async () => {
    const res = await t.api('POST', '/api/divisions', { body: { name: '여자부' }, token: admin });
    expect(res.status).toBe(409);
    expect(res.body.errors.name).toBe('같은 이름의 부가 이미 있습니다.');
  });
});

describe('GET /api/divisions', () => {
  it('lists in display order for anyone, with search and paging', async () => {
    const res = await t.api('GET', '/api/divisions');
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((d: { name: string }) => d.name)).toEqual([
      '여자부',
      '남자 1부',
    ]);
    expect(res.body.data).toMatchObject({ total: 2, offset: 0, limit: 50 });
    const found = await t.api('GET', '/api/divisions?q=ㅇㅈ');
    expect(found.body.data.items.map((d: { name: string }) => d.name)).toEqual(['여자부']);
    const paged = await t.api('GET', '/api/divisions?limit=1&offset=1&sort=-name');
    expect(paged.body.data).toMatchObject({ total: 2, limit: 1, offset: 1 });
    expect(paged.body.data.items[0].name).toBe('남자 1부');
  });

  it('rejects bad paging', async () => {
    const res = await t.api('GET', '/api/divisions?limit=501&sort=zzz');
    expect(res.status).toBe(400);
    expect(res.body.errors.limit).toMatch(/500 이하/);
    expect(res.body.errors.sort).toBeDefined();
  });

  it('gets one or says 404 in Korean', async () => {
    const list = await t.api('GET', '/api/divisions');
    const id = list.body.data.items[0].id;
    expect((await t.api('GET', `/api/divisions/${id}`)).body.data.id).toBe(id);
    const missing = await t.api('GET', '/api/divisions/9999');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('부를 찾을 수 없습니다.');
    expect((await t.api('GET', '/api/divisions/abc')).status).toBe(400);
  });
});

describe('PATCH /api/divisions/{id}', () => {
  it('changes only the fields sent, for grade 1 and admins', async () => {
    const id = (await t.api('GET', '/api/divisions?q=여자부')).body.data.items[0].id;
    expect((await t.api('PATCH', `/api/divisions/${id}`, { body: { sortOrder: 5 } })).status).toBe(
      401,
    );
    expect(
      (await t.api('PATCH', `/api/divisions/${id}`, { body: { sortOrder: 5 }, token: plain }))
        .status,
    ).toBe(403);
    const res = await t.api('PATCH', `/api/divisions/${id}`, {
      body: { sortOrder: 5 },
      token: grade1,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: '여자부', sortOrder: 5 });
    const dup = await t.api('PATCH', `/api/divisions/${id}`, {
      body: { name: '남자 1부' },
      token: admin,
    });
    expect(dup.status).toBe(409);
    expect(dup.body.errors.name).toBeDefined();
    const bad = await t.api('PATCH', `/api/divisions/${id}`, { body: { name: '' }, token: admin });
    expect(bad.status).toBe(400);
    expect(
      (await t.api('PATCH', '/api/divisions/9999', { body: { sortOrder: 1 }, token: admin }))
        .status,
    ).toBe(404);
    const empty = await t.api('PATCH', `/api/divisions/${id}`, { body: {}, token: admin });
    expect(empty.status).toBe(200);
    expect(empty.body.data.sortOrder).toBe(5);
  });
});

describe('DELETE /api/divisions/{id}', () => {
  it('refuses while a team uses the division, then deletes', async () => {
    const created = await t.api('POST', '/api/divisions', {
      body: { name: '시니어부' },
      token: admin,
    });
    const id = created.body.data.id;
    const team = await t.db
      .insertInto('teams')
      .values({ main_id: t.main.id, division_id: id, name: '시니어팀' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await t.api('DELETE', `/api/divisions/${id}`)).status).toBe(401);
    expect((await t.api('DELETE', `/api/divisions/${id}`, { token: grade2 })).status).toBe(403);
    const blocked = await t.api('DELETE', `/api/divisions/${id}`, { token: grade1 });
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toBe('소속 팀이 있는 부는 삭제할 수 없습니다. (소속 팀 1개)');
    await t.db.deleteFrom('teams').where('id', '=', team.id).execute();
    const res = await t.api('DELETE', `/api/divisions/${id}`, { token: grade1 });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id });
    expect((await t.api('DELETE', `/api/divisions/${id}`, { token: grade1 })).status).toBe(404);
    expect(await t.takeChanges()).toMatchObject({ tables: ['divisions', 'teams'], changes: null });
  });
});
