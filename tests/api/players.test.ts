import { seoulToday } from '../../src/lib/seoul-date.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: string;
let grade1: string;
let grade2: string;
let plain: string;
let teamA: number;
let teamB: number;
let foreignTeam: number;
let managerA: { id: number; token: string };

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
  const other = await t.db
    .insertInto('league_main')
    .values({ path: 'other', name: '다른 협회' })
    .returning('id')
    .executeTakeFirstOrThrow();
  foreignTeam = (
    await t.db
      .insertInto('teams')
      .values({ main_id: other.id, name: '남의 팀' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  managerA = await t.makeUser({ email: 'tm-a@test.kr', teamId: teamA });
});
afterAll(() => t.close());

const playerCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('players')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const careerCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('team_players')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

let hong: number;
let kim: number;

describe('POST /api/players', () => {
  it('checks who may create', async () => {
    const body = { name: '홍길동' };
    expect((await t.api('POST', '/api/players', { body })).status).toBe(401);
    expect((await t.api('POST', '/api/players', { body, token: plain })).status).toBe(403);
    expect((await t.api('POST', '/api/players', { body, token: grade2 })).status).toBe(403);
    expect((await t.api('POST', '/api/players', { body, token: managerA.token })).status).toBe(403);
    expect(await playerCount()).toBe(0);
  });

  it('creates players for grade 1 and admins', async () => {
    const res = await t.api('POST', '/api/players', {
      body: {
        name: '홍길동',
        birthDate: '1990-03-01',
        gender: 'M',
        bats: 'L',
        throws: 'R',
        position: '유격수',
      },
      token: grade1,
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: '홍길동',
      birthDate: '1990-03-01',
      bats: 'L',
      currentTeams: [],
      userId: null,
    });
    hong = res.body.data.id;
    kim = (await t.api('POST', '/api/players', { body: { name: '김철수' }, token: admin })).body
      .data.id;
    expect((await t.takeChanges()).changes).toBeNull();
    expect(
      await t.db.selectFrom('audit_log').select('id').where('entity', '=', 'player').execute(),
    ).toHaveLength(2);
  });

  it('rejects bad input in Korean and writes nothing', async () => {
    const before = await playerCount();
    const res = await t.api('POST', '/api/players', {
      body: { name: '', birthDate: '1990-02-30', bats: 'X' },
      token: admin,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.name).toBe('이름을 입력해 주세요.');
    expect(res.body.errors.birthDate).toMatch(/생년월일/);
    expect(res.body.errors.bats).toBe('타격의 값이 올바르지 않습니다.');
    const unknownUser = await t.api('POST', '/api/players', {
      body: { name: '이영희', userId: 9999 },
      token: admin,
    });
    expect(unknownUser.status).toBe(400);
    expect(unknownUser.body.errors.userId).toBe('회원을 찾을 수 없습니다.');
    expect(await playerCount()).toBe(before);
  });

  it('tells namesakes apart by birth date', async () => {
    const same = await t.api('POST', '/api/players', {
      body: { name: '홍길동', birthDate: '1990-03-01' },
      token: admin,
    });
    expect(same.status).toBe(409);
    expect(same.body.errors.name).toBe('같은 이름과 생년월일의 선수가 이미 있습니다.');
    const noDate = await t.api('POST', '/api/players', { body: { name: '김철수' }, token: admin });
    expect(noDate.status).toBe(409);
    expect(noDate.body.errors.name).toMatch(/동명이인이면 생년월일/);
    const namesake = await t.api('POST', '/api/players', {
      body: { name: '홍길동', birthDate: '1995-07-07' },
      token: admin,
    });
    expect(namesake.status).toBe(201);
  });

  it('places a new player on a team with his back number: one career row from today', async () => {
    const careers = await careerCount();
    const res = await t.api('POST', '/api/players', {
      body: { name: '소속선수', birthDate: '2000-01-01', teamId: teamA, backNumber: 17 },
      token: admin,
    });
    expect(res.status).toBe(201);
    expect(res.body.data.currentTeams).toEqual([
      expect.objectContaining({ teamId: teamA, backNumber: 17 }),
    ]);
    expect(await careerCount()).toBe(careers + 1);
    const career = (await t.api('GET', `/api/players/${res.body.data.id}/career`)).body.data;
    expect(career).toEqual([
      expect.objectContaining({
        teamId: teamA,
        backNumber: 17,
        fromDate: seoulToday(),
        toDate: null,
      }),
    ]);
    // The later tests count the players and careers made before them.
    await t.db.deleteFrom('team_players').where('player_id', '=', res.body.data.id).execute();
    await t.db.deleteFrom('players').where('id', '=', res.body.data.id).execute();
  });

  it('refuses a back number without a team, and a team of another association, writing nothing', async () => {
    const players = await playerCount();
    const careers = await careerCount();
    const alone = await t.api('POST', '/api/players', {
      body: { name: '번호만', backNumber: 3 },
      token: admin,
    });
    expect(alone.status).toBe(400);
    expect(alone.body.errors.backNumber).toBe('등번호는 소속 팀과 함께 입력해 주세요.');
    const foreign = await t.api('POST', '/api/players', {
      body: { name: '남의팀', teamId: foreignTeam },
      token: admin,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors.teamId).toBe('다른 협회의 팀입니다.');
    expect(await playerCount()).toBe(players);
    expect(await careerCount()).toBe(careers);
  });
});

describe('careers', () => {
  it('adds a career: team managers only for their own team', async () => {
    const path = `/api/players/${hong}/career`;
    const body = { teamId: teamA, backNumber: 7, fromDate: '2020-01-01' };
    expect((await t.api('POST', path, { body })).status).toBe(401);
    expect((await t.api('POST', path, { body, token: plain })).status).toBe(403);
    expect(
      (await t.api('POST', path, { body: { ...body, teamId: teamB }, token: managerA.token }))
        .status,
    ).toBe(403);
    const res = await t.api('POST', path, { body, token: managerA.token });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      playerId: hong,
      teamId: teamA,
      teamName: '서울 드래곤즈',
      backNumber: 7,
      toDate: null,
      current: true,
    });
    const taken = await t.takeChanges();
    expect(taken.tables).toContain('team_players');
    expect(taken.changes).toBeNull();
  });

  it('rejects bad careers and writes nothing', async () => {
    const before = await careerCount();
    const path = `/api/players/${hong}/career`;
    const bad = await t.api('POST', path, {
      body: { teamId: teamA, fromDate: '2021-01-01', toDate: '2020-01-01', backNumber: 1000 },
      token: admin,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.backNumber).toBe('등번호는 999 이하여야 합니다.');
    const order = await t.api('POST', path, {
      body: { teamId: teamB, fromDate: '2021-01-01', toDate: '2020-01-01' },
      token: admin,
    });
    expect(order.status).toBe(400);
    expect(order.body.errors.toDate).toBe('종료일은 시작일과 같거나 그 뒤여야 합니다.');
    const missingDate = await t.api('POST', path, { body: { teamId: teamB }, token: admin });
    expect(missingDate.body.errors.fromDate).toBe('시작일을 입력해 주세요.');
    const foreign = await t.api('POST', path, {
      body: { teamId: foreignTeam, fromDate: '2010-01-01', toDate: '2011-01-01' },
      token: admin,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors.teamId).toBe('다른 협회의 팀입니다.');
    const unknownTeam = await t.api('POST', path, {
      body: { teamId: 9999, fromDate: '2010-01-01' },
      token: admin,
    });
    expect(unknownTeam.status).toBe(400);
    expect(unknownTeam.body.errors.teamId).toBe('팀을 찾을 수 없습니다.');
    const overlap = await t.api('POST', path, {
      body: { teamId: teamB, fromDate: '2022-01-01' },
      token: admin,
    });
    expect(overlap.status).toBe(409);
    expect(overlap.body.errors.fromDate).toMatch(/기간이 겹치는 소속 기록/);
    expect(
      (
        await t.api('POST', '/api/players/9999/career', {
          body: { teamId: teamA, fromDate: '2020-01-01' },
          token: admin,
        })
      ).status,
    ).toBe(404);
    expect(await careerCount()).toBe(before);
  });

  it('lists careers for anyone', async () => {
    const res = await t.api('GET', `/api/players/${hong}/career`);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect((await t.api('GET', '/api/players/9999/career')).status).toBe(404);
  });

  it("updates and deletes careers within the team manager's team only", async () => {
    const careerId = (await t.api('GET', `/api/players/${hong}/career`)).body.data[0].id;
    const path = `/api/players/${hong}/career/${careerId}`;
    const managerB = await t.makeUser({ email: 'tm-b@test.kr', teamId: teamB });
    expect((await t.api('PATCH', path, { body: { toDate: '2023-12-31' } })).status).toBe(401);
    expect(
      (await t.api('PATCH', path, { body: { toDate: '2023-12-31' }, token: managerB.token }))
        .status,
    ).toBe(403);
    expect((await t.api('DELETE', path, { token: managerB.token })).status).toBe(403);
    // moving the career to another team needs access to both teams
    expect(
      (await t.api('PATCH', path, { body: { teamId: teamB }, token: managerA.token })).status,
    ).toBe(403);
    const early = await t.api('PATCH', path, {
      body: { toDate: '2019-01-01' },
      token: managerA.token,
    });
    expect(early.status).toBe(400);
    expect(early.body.errors.toDate).toBeDefined();
    const res = await t.api('PATCH', path, {
      body: { toDate: '2023-12-31', backNumber: 10 },
      token: managerA.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      backNumber: 10,
      fromDate: '2020-01-01',
      toDate: '2023-12-31',
      current: false,
    });
    const moved = await t.api('POST', `/api/players/${hong}/career`, {
      body: { teamId: teamB, fromDate: '2024-01-01' },
      token: managerB.token,
    });
    expect(moved.status).toBe(201);
    expect(
      (
        await t.api('PATCH', `/api/players/${hong}/career/9999`, {
          body: { backNumber: 1 },
          token: admin,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.api('PATCH', `/api/players/${kim}/career/${careerId}`, {
          body: { backNumber: 1 },
          token: admin,
        })
      ).status,
    ).toBe(404);
    const removed = await t.api('DELETE', `/api/players/${hong}/career/${moved.body.data.id}`, {
      token: managerB.token,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ id: moved.body.data.id });
  });
});

describe('GET /api/players', () => {
  it("lists basic info for anyone and details for the association's managers", async () => {
    const anon = await t.api('GET', '/api/players');
    expect(anon.status).toBe(200);
    expect(anon.body.data.total).toBe(3);
    expect(anon.body.data.items[0]).not.toHaveProperty('birthDate');
    const signed = await t.api('GET', '/api/players', { token: plain });
    expect(signed.body.data.items[0]).not.toHaveProperty('birthDate');
    const manager = await t.api('GET', '/api/players', { token: grade2 });
    expect(manager.body.data.items[0]).toHaveProperty('birthDate');
  });

  it('finds by substring and initial consonants', async () => {
    const initials = await t.api('GET', `/api/players?q=${encodeURIComponent('ㅎㄱㄷ')}`);
    expect(initials.body.data.total).toBe(2);
    expect(initials.body.data.items.every((p: { name: string }) => p.name === '홍길동')).toBe(true);
    const part = await t.api('GET', `/api/players?q=${encodeURIComponent('철수')}`);
    expect(part.body.data.items.map((p: { name: string }) => p.name)).toEqual(['김철수']);
    const typing = await t.api('GET', `/api/players?q=${encodeURIComponent('홍기')}&limit=1`);
    expect(typing.body.data).toMatchObject({ total: 2, limit: 1 });
    expect(typing.body.data.items).toHaveLength(1);
    const none = await t.api('GET', `/api/players?q=${encodeURIComponent('%')}`);
    expect(none.body.data.total).toBe(0);
  });

  it('filters by current team and finds players with no team', async () => {
    const current = await t.db
      .insertInto('team_players')
      .values({ team_id: teamA, player_id: kim, back_number: 3, from_date: '2020-01-01' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const onA = await t.api('GET', `/api/players?teamId=${teamA}`);
    expect(onA.body.data.items.map((p: { id: number }) => p.id)).toEqual([kim]);
    expect(onA.body.data.items[0].currentTeams).toEqual([
      { teamId: teamA, teamName: '서울 드래곤즈', backNumber: 3 },
    ]);
    expect((await t.api('GET', '/api/players/no-team')).status).toBe(401);
    const noTeam = await t.api('GET', '/api/players/no-team', { token: plain });
    expect(noTeam.status).toBe(200);
    expect(noTeam.body.data.items.map((p: { id: number }) => p.id).sort()).not.toContain(kim);
    expect(noTeam.body.data.items.map((p: { id: number }) => p.id)).toContain(hong);
    await t.db.deleteFrom('team_players').where('id', '=', current.id).execute();
  });

  it('gets one player or 404', async () => {
    expect((await t.api('GET', `/api/players/${hong}`)).body.data.name).toBe('홍길동');
    const missing = await t.api('GET', '/api/players/9999');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('선수를 찾을 수 없습니다.');
    expect((await t.api('GET', '/api/players/1.5')).status).toBe(400);
  });
});

describe('PATCH /api/players/{id}', () => {
  it('updates and links a user once per association', async () => {
    const user = await t.makeUser({ email: 'player@test.kr' });
    expect(
      (await t.api('PATCH', `/api/players/${hong}`, { body: { position: '포수' } })).status,
    ).toBe(401);
    expect(
      (
        await t.api('PATCH', `/api/players/${hong}`, {
          body: { position: '포수' },
          token: managerA.token,
        })
      ).status,
    ).toBe(403);
    const res = await t.api('PATCH', `/api/players/${hong}`, {
      body: { position: '포수', userId: user.id },
      token: grade1,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ position: '포수', userId: user.id, name: '홍길동' });
    const twice = await t.api('PATCH', `/api/players/${kim}`, {
      body: { userId: user.id },
      token: grade1,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.errors.userId).toMatch(/이미 다른 선수/);
    expect(
      (await t.api('PATCH', `/api/players/${kim}`, { body: { gender: 'X' }, token: grade1 }))
        .status,
    ).toBe(400);
    expect(
      (await t.api('PATCH', '/api/players/9999', { body: { position: 'x' }, token: grade1 }))
        .status,
    ).toBe(404);
  });
});

describe('DELETE /api/players/{id}', () => {
  it('refuses to delete players with games or careers, counting them', async () => {
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
        { league_id: league.id, team_id: teamA },
        { league_id: league.id, team_id: teamB },
      ])
      .execute();
    await t.db
      .insertInto('league_players')
      .values({
        league_id: league.id,
        team_id: teamA,
        player_id: hong,
        registered_on: '2024-03-01',
      })
      .execute();
    for (const no of [1, 2]) {
      const game = await t.db
        .insertInto('games')
        .values({
          league_id: league.id,
          game_no: no,
          game_date: '2024-05-01',
          home_team_id: teamA,
          away_team_id: teamB,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('game_batting')
        .values({
          game_id: game.id,
          team_id: teamA,
          player_id: hong,
          batting_order: 1,
          seq: 1,
          position: 'SS',
          pa: 0,
          ab: 0,
          r: 0,
          h: 0,
          b2: 0,
          b3: 0,
          hr: 0,
          rbi: 0,
          bb: 0,
          hbp: 0,
          so: 0,
          sb: 0,
          cs: 0,
          sh: 0,
          sf: 0,
          e: 0,
        })
        .execute();
    }
    expect((await t.api('DELETE', `/api/players/${hong}`)).status).toBe(401);
    expect((await t.api('DELETE', `/api/players/${hong}`, { token: grade2 })).status).toBe(403);
    const res = await t.api('DELETE', `/api/players/${hong}`, { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      '경기 기록이 있는 선수는 삭제할 수 없습니다. (경기 기록 2건, 리그 명단 1건, 선수 경력 1건)',
    );
    expect(await t.db.selectFrom('game_batting').select('id').execute()).toHaveLength(2);
  });

  it('deletes a player with nothing recorded', async () => {
    const res = await t.api('DELETE', `/api/players/${kim}`, { token: grade1 });
    expect(res.status).toBe(200);
    expect((await t.api('GET', `/api/players/${kim}`)).status).toBe(404);
    expect((await t.api('DELETE', `/api/players/${kim}`, { token: grade1 })).status).toBe(404);
    expect((await t.takeChanges()).changes).toBeNull();
  });
});

describe('GET /api/player/{playerId}/leagueTeam', () => {
  it('returns the team-league links and roster rows', async () => {
    const res = await t.api('GET', `/api/player/${hong}/leagueTeam`);
    expect(res.status).toBe(200);
    expect(res.body.data.teams).toHaveLength(1);
    expect(res.body.data.teams[0]).toMatchObject({
      team: { teamId: teamA, name: '서울 드래곤즈' },
      league: { name: '리그', seasonName: '2024', leagueMain: { mainId: t.main.id, path: 'sbsa' } },
    });
    expect(res.body.data.leaguePlayers[0]).toMatchObject({
      teamId: teamA,
      playerId: hong,
      status: 'active',
      registeredOn: '2024-03-01',
    });
    expect((await t.api('GET', '/api/player/9999/leagueTeam')).status).toBe(404);
    expect((await t.api('GET', '/api/player/abc/leagueTeam')).status).toBe(400);
  });
});

describe('POST /api/teams/{id}/players', () => {
  it("registers a new player on the team in one step: the team's manager, not another team's", async () => {
    const path = `/api/teams/${teamA}/players`;
    const body = {
      name: '신입 클럽선수',
      birthDate: '2001-04-05',
      backNumber: 21,
      position: '유격수',
    };
    const players = await playerCount();
    const careers = await careerCount();
    expect((await t.api('POST', path, { body })).status).toBe(401);
    expect((await t.api('POST', path, { body, token: plain })).status).toBe(403);
    expect(
      (await t.api('POST', `/api/teams/${teamB}/players`, { body, token: managerA.token })).status,
    ).toBe(403);
    expect(await playerCount()).toBe(players);

    const res = await t.api('POST', path, { body, token: managerA.token });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: '신입 클럽선수', birthDate: '2001-04-05' });
    expect(res.body.data.currentTeams).toEqual([
      expect.objectContaining({ teamId: teamA, backNumber: 21 }),
    ]);
    expect(await playerCount()).toBe(players + 1);
    expect(await careerCount()).toBe(careers + 1);
    expect((await t.takeChanges()).changes).toBeNull();
  });

  it('refuses the same name and birth date with 409 and writes nothing', async () => {
    const players = await playerCount();
    const careers = await careerCount();
    const res = await t.api('POST', `/api/teams/${teamA}/players`, {
      body: { name: '신입 클럽선수', birthDate: '2001-04-05' },
      token: managerA.token,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('같은 이름과 생년월일의 선수가 이미 있습니다.');
    expect(await playerCount()).toBe(players);
    expect(await careerCount()).toBe(careers);
  });
});
