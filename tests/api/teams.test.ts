import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: string;
let grade1: string;
let grade2: string;
let plain: string;
let otherGrade1: string;
let divisionId: number;
let otherDivisionId: number;

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
  divisionId = (
    await t.db
      .insertInto('divisions')
      .values({ main_id: t.main.id, name: '여자부' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  otherDivisionId = (
    await t.db
      .insertInto('divisions')
      .values({ main_id: other.id, name: '여자부' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

const teamCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('teams')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const body = { name: '서울 드래곤즈', shortName: '드래곤즈', homeRegion: '서울', founded: 2010 };

describe('POST /api/teams', () => {
  it('checks who may create', async () => {
    expect((await t.api('POST', '/api/teams', { body })).status).toBe(401);
    expect((await t.api('POST', '/api/teams', { body, token: plain })).status).toBe(403);
    expect((await t.api('POST', '/api/teams', { body, token: grade2 })).status).toBe(403);
    expect((await t.api('POST', '/api/teams', { body, token: otherGrade1 })).status).toBe(403);
    expect(await teamCount()).toBe(0);
  });

  it('creates teams for grade 1 and admins', async () => {
    const res = await t.api('POST', '/api/teams', { body: { ...body, divisionId }, token: grade1 });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: '서울 드래곤즈',
      divisionId,
      divisionName: '여자부',
      founded: 2010,
      playerCount: 0,
      logo: null,
    });
    // a new team changes the lists and the set of pages: every page
    expect((await t.takeChanges()).changes).toBeNull();
    const second = await t.api('POST', '/api/teams', {
      body: { name: '부산 갈매기', logo: '/uploads/2024/01/abc.png' },
      token: admin,
    });
    expect(second.status).toBe(201);
    expect(second.body.data.divisionId).toBeNull();
  });

  it('rejects bad input in Korean and writes nothing', async () => {
    const before = await teamCount();
    const res = await t.api('POST', '/api/teams', {
      body: { name: '', founded: 1800, logo: 'javascript:alert(1)' },
      token: admin,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      name: '팀 이름을 입력해 주세요.',
      founded: '창단 연도는 1900 이상이어야 합니다.',
    });
    expect(res.body.errors.logo).toMatch(/로고/);
    const badDivision = await t.api('POST', '/api/teams', {
      body: { name: '새 팀', divisionId: 999 },
      token: admin,
    });
    expect(badDivision.status).toBe(400);
    expect(badDivision.body.errors.divisionId).toBe('부를 찾을 수 없습니다.');
    const foreignDivision = await t.api('POST', '/api/teams', {
      body: { name: '새 팀', divisionId: otherDivisionId },
      token: admin,
    });
    expect(foreignDivision.status).toBe(400);
    expect(foreignDivision.body.errors.divisionId).toBe('다른 협회의 부입니다.');
    expect(await teamCount()).toBe(before);
  });

  it('refuses duplicate names in the association', async () => {
    const res = await t.api('POST', '/api/teams', { body, token: admin });
    expect(res.status).toBe(409);
    expect(res.body.errors.name).toBe('같은 이름의 팀이 이미 있습니다.');
  });
});

describe('GET /api/teams', () => {
  it('lists for anyone with division filter, search and paging', async () => {
    const all = await t.api('GET', '/api/teams');
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe(2);
    const division = await t.api('GET', `/api/teams?divisionId=${divisionId}`);
    expect(division.body.data.items.map((x: { name: string }) => x.name)).toEqual([
      '서울 드래곤즈',
    ]);
    const initials = await t.api('GET', `/api/teams?q=${encodeURIComponent('ㅂㅅ')}`);
    expect(initials.body.data.items.map((x: { name: string }) => x.name)).toEqual(['부산 갈매기']);
    const shortName = await t.api('GET', `/api/teams?q=${encodeURIComponent('드래곤')}`);
    expect(shortName.body.data.total).toBe(1);
    const page = await t.api('GET', '/api/teams?limit=1&sort=-name');
    expect(page.body.data).toMatchObject({ total: 2, limit: 1 });
    expect(page.body.data.items[0].name).toBe('서울 드래곤즈');
    expect((await t.api('GET', '/api/teams?divisionId=abc')).status).toBe(400);
  });

  it('gets one team or 404', async () => {
    const id = (await t.api('GET', '/api/teams?q=서울')).body.data.items[0].id;
    expect((await t.api('GET', `/api/teams/${id}`)).body.data.name).toBe('서울 드래곤즈');
    const missing = await t.api('GET', '/api/teams/9999');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('팀을 찾을 수 없습니다.');
    expect((await t.api('GET', '/api/teams/0')).status).toBe(400);
  });
});

describe('PATCH and DELETE /api/teams/{id}', () => {
  it('a save that changes nothing leaves no audit entry and starts no site rebuild', async () => {
    const id = (await t.api('GET', '/api/teams?q=부산')).body.data.items[0].id;
    const current = (await t.api('GET', `/api/teams/${id}`)).body.data;
    const audits = async () =>
      (await t.db.selectFrom('audit_log').select('id').where('entity', '=', 'team').execute())
        .length;
    const auditsBefore = await audits();
    await t.takeChanges();
    const same = await t.api('PATCH', `/api/teams/${id}`, {
      body: { name: current.name, homeRegion: current.homeRegion, founded: current.founded },
      token: admin,
    });
    expect(same.status).toBe(200);
    expect(same.body.data).toEqual(current);
    expect(await audits()).toBe(auditsBefore);
    expect((await t.takeChanges()).rows).toEqual([]);
    // a real change still does both
    const changed = await t.api('PATCH', `/api/teams/${id}`, {
      body: { homeRegion: `${current.homeRegion} 해운대` },
      token: admin,
    });
    expect(changed.status).toBe(200);
    expect(await audits()).toBe(auditsBefore + 1);
    expect((await t.takeChanges()).changes).toEqual([`team-info:${id}`]);
    await t.api('PATCH', `/api/teams/${id}`, {
      body: { homeRegion: current.homeRegion },
      token: admin,
    });
  });

  it('updates only what is sent', async () => {
    const id = (await t.api('GET', '/api/teams?q=부산')).body.data.items[0].id;
    expect(
      (await t.api('PATCH', `/api/teams/${id}`, { body: { homeRegion: '부산' } })).status,
    ).toBe(401);
    expect(
      (await t.api('PATCH', `/api/teams/${id}`, { body: { homeRegion: '부산' }, token: grade2 }))
        .status,
    ).toBe(403);
    const res = await t.api('PATCH', `/api/teams/${id}`, {
      body: { homeRegion: '부산', divisionId },
      token: grade1,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: '부산 갈매기', homeRegion: '부산', divisionId });
    expect(
      (await t.api('PATCH', `/api/teams/${id}`, { body: { name: '서울 드래곤즈' }, token: admin }))
        .status,
    ).toBe(409);
    expect(
      (await t.api('PATCH', `/api/teams/${id}`, { body: { founded: 'x' }, token: admin })).status,
    ).toBe(400);
    expect(
      (await t.api('PATCH', '/api/teams/9999', { body: { homeRegion: 'x' }, token: admin })).status,
    ).toBe(404);
    const empty = await t.api('PATCH', `/api/teams/${id}`, { body: { unknown: 1 }, token: admin });
    expect(empty.status).toBe(200);
    expect(empty.body.data.homeRegion).toBe('부산');
  });

  it('refuses to delete a team with careers or games and never erases games', async () => {
    const id = (await t.api('GET', '/api/teams?q=서울')).body.data.items[0].id;
    const away = (await t.api('GET', '/api/teams?q=부산')).body.data.items[0].id;
    const season = await t.db
      .insertInto('seasons')
      .values({ main_id: t.main.id, name: '2024', year: 2024, active: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const league = await t.db
      .insertInto('leagues')
      .values({ season_id: season.id, name: '리그' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('league_teams')
      .values([
        { league_id: league.id, team_id: id },
        { league_id: league.id, team_id: away },
      ])
      .execute();
    await t.db
      .insertInto('games')
      .values({
        league_id: league.id,
        game_no: 1,
        game_date: '2024-05-01',
        home_team_id: id,
        away_team_id: away,
      })
      .execute();
    const player = await t.db
      .insertInto('players')
      .values({ main_id: t.main.id, name: '홍길동' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('team_players')
      .values({ team_id: id, player_id: player.id, from_date: '2020-01-01' })
      .execute();
    expect((await t.api('DELETE', `/api/teams/${id}`)).status).toBe(401);
    expect((await t.api('DELETE', `/api/teams/${id}`, { token: plain })).status).toBe(403);
    const res = await t.api('DELETE', `/api/teams/${id}`, { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      '경기 기록이 있는 팀은 삭제할 수 없습니다. (경기 기록 1건, 리그 참가 기록 1건, 선수 경력 1건)',
    );
    expect(await t.db.selectFrom('games').select('id').execute()).toHaveLength(1);
  });

  it('deletes an unused team', async () => {
    const created = await t.api('POST', '/api/teams', { body: { name: '지울 팀' }, token: admin });
    const res = await t.api('DELETE', `/api/teams/${created.body.data.id}`, { token: grade1 });
    expect(res.status).toBe(200);
    expect((await t.api('GET', `/api/teams/${created.body.data.id}`)).status).toBe(404);
    expect((await t.api('DELETE', '/api/teams/9999', { token: admin })).status).toBe(404);
  });
});

describe('team managers', () => {
  it('lets grade 1 add and remove team managers; the team manager sees the list', async () => {
    const teamId = (await t.api('GET', '/api/teams?q=서울')).body.data.items[0].id;
    const manager = await t.makeUser({ email: 'tm@test.kr' });
    const path = `/api/teams/${teamId}/managers`;
    expect((await t.api('POST', path, { body: { userId: manager.id } })).status).toBe(401);
    expect(
      (await t.api('POST', path, { body: { userId: manager.id }, token: grade2 })).status,
    ).toBe(403);
    const added = await t.api('POST', path, { body: { userId: manager.id }, token: grade1 });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ teamId, userId: manager.id, email: 'tm@test.kr' });
    expect(
      (await t.api('POST', path, { body: { userId: manager.id }, token: grade1 })).status,
    ).toBe(409);
    const missingUser = await t.api('POST', path, { body: { userId: 9999 }, token: grade1 });
    expect(missingUser.status).toBe(400);
    expect(missingUser.body.errors.userId).toBe('회원을 찾을 수 없습니다.');
    expect((await t.api('POST', path, { body: {}, token: grade1 })).body.errors.userId).toBe(
      '회원을 입력해 주세요.',
    );
    const list = await t.api('GET', path, { token: manager.token });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect((await t.api('GET', path, { token: plain })).status).toBe(403);
    expect((await t.api('GET', path)).status).toBe(401);
    expect((await t.api('GET', '/api/teams/9999/managers', { token: admin })).status).toBe(404);
    expect((await t.api('DELETE', `${path}/${manager.id}`, { token: plain })).status).toBe(403);
    expect((await t.api('DELETE', `${path}/${manager.id}`, { token: grade1 })).status).toBe(200);
    expect((await t.api('DELETE', `${path}/${manager.id}`, { token: grade1 })).status).toBe(404);
  });
});
