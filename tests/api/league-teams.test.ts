import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let admin: string;
let seasonId: number;
let leagueId: number;
let otherLeagueId: number;
let scope: string;
const team: Record<string, number> = {};
const player: Record<string, number> = {};
const coach: Record<string, number> = {};

const rosterRows = async (teamId: number, league = leagueId) =>
  t.db
    .selectFrom('league_players')
    .select(['player_id', 'back_number', 'status', 'registered_on'])
    .where('league_id', '=', league)
    .where('team_id', '=', teamId)
    .orderBy('player_id')
    .execute();

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const season = await t.api('POST', `/api/league/main/${t.main.id}/season`, {
    token: admin,
    body: { seasonName: '2025 시즌', year: 2025 },
  });
  seasonId = season.body.data.seasonId;
  const base = `/api/league/main/${t.main.id}/season/${seasonId}/league`;
  leagueId = (await t.api('POST', base, { token: admin, body: { leagueName: '여자부 리그' } })).body
    .data.leagueId;
  otherLeagueId = (await t.api('POST', base, { token: admin, body: { leagueName: '남자부 리그' } }))
    .body.data.leagueId;
  scope = `${base}/${leagueId}`;
  const division = await t.db
    .insertInto('divisions')
    .values({ main_id: t.main.id, name: '여자부' })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [key, name] of [
    ['tigers', '타이거즈'],
    ['eagles', '이글스'],
    ['bears', '베어스'],
    ['lions', '라이온즈'],
  ] as const) {
    team[key] = (
      await t.db
        .insertInto('teams')
        .values({ main_id: t.main.id, name, division_id: division.id, home_region: '서울' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
  for (const [key, name] of [
    ['kim', '김민지'],
    ['lee', '이서연'],
    ['park', '박지우'],
    ['choi', '최수아'],
    ['jung', '정하은'],
  ] as const) {
    player[key] = (
      await t.db
        .insertInto('players')
        .values({ main_id: t.main.id, name, birth_date: '2000-01-01', position: '투수' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
  for (const [key, name] of [
    ['han', '한감독'],
    ['yoon', '윤코치'],
    ['seo', '서단장'],
  ] as const) {
    coach[key] = (
      await t.db
        .insertInto('coaches')
        .values({ main_id: t.main.id, name, phone: '010-0000-0000' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
});
afterAll(async () => t.close());

describe('league teams', () => {
  it('adds teams of the association and lists the rest as not in the league', async () => {
    await t.takeChanges();
    const res = await t.api('POST', `${scope}/teams`, {
      token: admin,
      body: { teams: [team.tigers, team.eagles, team.bears] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.added).toEqual([team.tigers, team.eagles, team.bears]);
    expect(res.body.data.teams.map((x: { teamName: string }) => x.teamName)).toEqual([
      '베어스',
      '이글스',
      '타이거즈',
    ]);
    expect(res.body.data.teams[0]).toMatchObject({
      leagueId,
      teamId: team.bears,
      divisionName: '여자부',
      homeRegion: '서울',
      playerCount: 0,
      logo: null,
    });
    expect(await t.takeChanges()).toMatchObject({ tables: ['league_teams'], changes: null });

    const again = await t.api('POST', `${scope}/teams`, {
      token: admin,
      body: { teams: [team.tigers] },
    });
    expect(again.body.data.added).toEqual([]);

    const notIn = await t.api('GET', `${scope}/notIn`);
    expect(notIn.status).toBe(200);
    expect(notIn.body.data.map((x: { teamId: number }) => x.teamId)).toEqual([team.lions]);
    const teams = await t.api('GET', `/api/league/league/${leagueId}/teams`);
    expect(teams.body.data).toHaveLength(3);
  });

  it('refuses unknown teams, teams of another association, duplicates and bad input with 400', async () => {
    const other = await t.db
      .insertInto('league_main')
      .values({ path: 'other', name: '다른 협회' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const foreign = await t.db
      .insertInto('teams')
      .values({ main_id: other.id, name: '남의 팀' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await t.api('POST', `${scope}/teams`, {
      token: admin,
      body: { teams: [team.lions, foreign.id, 9999] },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors['teams.1']).toContain('팀을 찾을 수 없습니다');
    expect(res.body.errors['teams.2']).toContain('팀을 찾을 수 없습니다');
    expect(
      (await t.api('POST', `${scope}/teams`, { token: admin, body: { teams: [] } })).body.errors
        .teams,
    ).toMatch(/참가 팀/);
    expect(
      (
        await t.api('POST', `${scope}/teams`, {
          token: admin,
          body: { teams: [team.lions, team.lions] },
        })
      ).body.errors['teams.1'],
    ).toContain('두 번');
    expect(
      (await t.api('POST', `${scope}/teams`, { token: admin, body: { teams: ['x'] } })).status,
    ).toBe(400);
    expect(
      (await t.api('GET', `${scope}/notIn`)).body.data.map((x: { teamId: number }) => x.teamId),
    ).toEqual([team.lions]);
  });

  it('checks roles: anonymous 401, no role 403, team manager 403, grade 2 allowed', async () => {
    const body = { teams: [team.lions] };
    expect((await t.api('POST', `${scope}/teams`, { body })).status).toBe(401);
    const plain = await t.makeUser({ email: 'plain@sbsa.kr' });
    expect((await t.api('POST', `${scope}/teams`, { body, token: plain.token })).status).toBe(403);
    const manager = await t.makeUser({ email: 'lions@sbsa.kr', teamId: team.lions });
    expect((await t.api('POST', `${scope}/teams`, { body, token: manager.token })).status).toBe(
      403,
    );
    const operator = await t.makeUser({ email: 'op@sbsa.kr', grade: 2 });
    expect(
      (await t.api('POST', `${scope}/teams`, { body, token: operator.token })).body.data.added,
    ).toEqual([team.lions]);
    expect(
      (await t.api('DELETE', `${scope}/team/${team.lions}`, { token: manager.token })).status,
    ).toBe(403);
    const removed = await t.api('DELETE', `${scope}/team/${team.lions}`, { token: operator.token });
    expect(removed.status).toBe(200);
    expect(removed.body.data.map((x: { teamId: number }) => x.teamId)).not.toContain(team.lions);
  });

  it('answers 404 for a league outside the season, a team not in the league and unknown ids', async () => {
    const otherSeason = await t.api('POST', `/api/league/main/${t.main.id}/season`, {
      token: admin,
      body: { seasonName: '2024 시즌', year: 2024 },
    });
    const wrong = `/api/league/main/${t.main.id}/season/${otherSeason.body.data.seasonId}/league/${leagueId}`;
    expect(
      (await t.api('POST', `${wrong}/teams`, { token: admin, body: { teams: [team.lions] } }))
        .status,
    ).toBe(404);
    expect((await t.api('GET', `${wrong}/notIn`)).status).toBe(404);
    const notInLeague = await t.api('DELETE', `${scope}/team/${team.lions}`, { token: admin });
    expect(notInLeague.status).toBe(404);
    expect(notInLeague.body.message).toContain('찾을 수 없습니다');
    expect((await t.api('GET', `/api/league/league/${leagueId}/team/${team.lions}`)).status).toBe(
      404,
    );
    expect((await t.api('GET', '/api/league/league/999/teams')).status).toBe(404);
    expect((await t.api('GET', `/api/league/league/${leagueId}/team/abc/players`)).status).toBe(
      400,
    );
  });
});

describe('league roster', () => {
  it('replaces a team roster and reads it back', async () => {
    const body = {
      players: [
        { playerId: player.kim, backNumber: 7, status: 'active', registeredOn: '2025-03-01' },
        { playerId: player.lee, backNumber: 11 },
        { playerId: player.park, backNumber: null, status: 'suspended' },
      ],
    };
    const res = await t.api('PATCH', `${scope}/team/${team.tigers}/players`, {
      token: admin,
      body,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: { playerName: string }) => p.playerName)).toEqual([
      '김민지',
      '이서연',
      '박지우',
    ]);
    expect(res.body.data[0]).toMatchObject({
      leagueId,
      teamId: team.tigers,
      playerId: player.kim,
      backNumber: 7,
      status: 'active',
      statusLabel: '등록',
      registeredOn: '2025-03-01',
      position: '투수',
    });
    expect(res.body.data[2]).toMatchObject({
      status: 'suspended',
      statusLabel: '출장 정지',
      backNumber: null,
    });
    expect(res.body.data[1].registeredOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(res.body.data[0]).not.toHaveProperty('birthDate');

    const read = await t.api('GET', `/api/league/league/${leagueId}/team/${team.tigers}/players`);
    expect(read.body.data).toEqual(res.body.data);
    const detail = await t.api('GET', `/api/league/league/${leagueId}/team/${team.tigers}`);
    expect(detail.body.data).toMatchObject({
      teamId: team.tigers,
      teamName: '타이거즈',
      playerCount: 3,
      coachCount: 0,
      league: { leagueId, leagueMain: { path: 'sbsa' } },
    });

    const keep = await t.api('PATCH', `${scope}/team/${team.tigers}/players`, {
      token: admin,
      body: {
        players: [
          { playerId: player.kim, backNumber: 8 },
          { playerId: player.lee, backNumber: 11 },
          { playerId: player.park },
        ],
      },
    });
    expect(
      keep.body.data.find((p: { playerId: number }) => p.playerId === player.kim),
    ).toMatchObject({ backNumber: 8, registeredOn: '2025-03-01' });
  });

  it('refuses duplicate back numbers and players, with Korean field errors and nothing written', async () => {
    const before = await rosterRows(team.tigers);
    const dupNumber = await t.api('PATCH', `${scope}/team/${team.tigers}/players`, {
      token: admin,
      body: {
        players: [
          { playerId: player.kim, backNumber: 7 },
          { playerId: player.lee, backNumber: 7 },
        ],
      },
    });
    expect(dupNumber.status).toBe(400);
    expect(dupNumber.body.errors['players.1.backNumber']).toBe(
      '등번호 7번은 이미 다른 선수가 쓰고 있습니다.',
    );
    const dupPlayer = await t.api('PATCH', `${scope}/team/${team.tigers}/players`, {
      token: admin,
      body: { players: [{ playerId: player.kim }, { playerId: player.kim }] },
    });
    expect(dupPlayer.body.errors['players.1.playerId']).toContain('두 번');
    const badFields = await t.api('PATCH', `${scope}/team/${team.tigers}/players`, {
      token: admin,
      body: {
        players: [
          { playerId: player.kim, backNumber: 1000, status: 'gone', registeredOn: '2025-02-30' },
        ],
      },
    });
    expect(badFields.status).toBe(400);
    expect(badFields.body.errors['players.0.backNumber']).toMatch(
      /^등번호는 999 이하여야 합니다\.$/,
    );
    expect(badFields.body.errors['players.0.status']).toMatch(/선수 상태/);
    expect(badFields.body.errors['players.0.registeredOn']).toMatch(/등록일/);
    const unknown = await t.api('PATCH', `${scope}/team/${team.tigers}/players`, {
      token: admin,
      body: { players: [{ playerId: 9999 }] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors['players.0.playerId']).toContain('선수를 찾을 수 없습니다');
    expect(await rosterRows(team.tigers)).toEqual(before);
  });

  it('refuses a player already on another team of the league, naming the player and the team', async () => {
    const res = await t.api('PATCH', `${scope}/team/${team.eagles}/players`, {
      token: admin,
      body: { players: [{ playerId: player.choi }, { playerId: player.kim, backNumber: 1 }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors['players.1.playerId']).toBe(
      '김민지 선수는 이미 이 리그의 타이거즈 팀 명단에 있습니다.',
    );
    expect(res.body.message).toBe('김민지 선수는 이미 이 리그의 타이거즈 팀 명단에 있습니다.');
    expect(await rosterRows(team.eagles)).toEqual([]);
    // Another league of the same season is a different roster.
    await t.db
      .insertInto('league_teams')
      .values({ league_id: otherLeagueId, team_id: team.eagles })
      .execute();
    const otherScope = `/api/league/main/${t.main.id}/season/${seasonId}/league/${otherLeagueId}`;
    const ok = await t.api('PATCH', `${otherScope}/team/${team.eagles}/players`, {
      token: admin,
      body: { players: [{ playerId: player.kim }] },
    });
    expect(ok.status).toBe(200);
  });

  it('keeps a player with game records: removal is 409, release is fine', async () => {
    const game = await t.db
      .insertInto('games')
      .values({
        league_id: leagueId,
        game_no: 1,
        game_date: '2025-05-01',
        home_team_id: team.tigers,
        away_team_id: team.bears,
        status: 'final',
        home_score: 3,
        away_score: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('game_batting')
      .values({
        game_id: game.id,
        team_id: team.tigers,
        player_id: player.lee,
        batting_order: 1,
        seq: 1,
        position: 'SS',
        pa: 4,
        ab: 4,
        r: 1,
        h: 2,
        b2: 0,
        b3: 0,
        hr: 0,
        rbi: 1,
        bb: 0,
        hbp: 0,
        so: 1,
        sb: 0,
        cs: 0,
        sh: 0,
        sf: 0,
        e: 0,
      })
      .execute();
    const before = await rosterRows(team.tigers);

    const removal = await t.api('PATCH', `${scope}/team/${team.tigers}/players`, {
      token: admin,
      body: { players: [{ playerId: player.kim, backNumber: 8 }] },
    });
    expect(removal.status).toBe(409);
    expect(removal.body.message).toContain('이서연 선수');
    expect(removal.body.message).toContain('방출');
    expect(await rosterRows(team.tigers)).toEqual(before);

    const late = await t.api('PATCH', `${scope}/team/${team.tigers}/players`, {
      token: admin,
      body: {
        players: [
          { playerId: player.kim, backNumber: 8 },
          { playerId: player.lee, registeredOn: '2025-06-01' },
          { playerId: player.park },
        ],
      },
    });
    expect(late.status).toBe(400);
    expect(late.body.errors['players.1.registeredOn']).toContain('2025-05-01');

    const released = await t.api('PATCH', `${scope}/team/${team.tigers}/players`, {
      token: admin,
      body: {
        players: [
          { playerId: player.kim, backNumber: 8 },
          { playerId: player.lee, backNumber: 11, status: 'released', registeredOn: '2025-04-01' },
        ],
      },
    });
    expect(released.status).toBe(200);
    expect(
      released.body.data.find((p: { playerId: number }) => p.playerId === player.lee),
    ).toMatchObject({ status: 'released', statusLabel: '방출' });

    const removeTeam = await t.api('DELETE', `${scope}/team/${team.tigers}`, { token: admin });
    expect(removeTeam.status).toBe(409);
    expect(removeTeam.body.message).toContain('경기가 1개');
  });

  it('lets a team manager edit only his own team, and refuses scorers and anonymous callers', async () => {
    const manager = await t.makeUser({ email: 'bears@sbsa.kr', teamId: team.bears });
    const body = { players: [{ playerId: player.jung, backNumber: 3 }] };
    const own = await t.api('PATCH', `${scope}/team/${team.bears}/players`, {
      token: manager.token,
      body,
    });
    expect(own.status).toBe(200);
    const other = await t.api('PATCH', `${scope}/team/${team.eagles}/players`, {
      token: manager.token,
      body: { players: [] },
    });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('이 팀을 관리할 권한이 없습니다.');
    const scorer = await t.makeUser({ email: 'scorer@sbsa.kr', grade: 3 });
    expect(
      (await t.api('PATCH', `${scope}/team/${team.bears}/players`, { token: scorer.token, body }))
        .status,
    ).toBe(403);
    expect((await t.api('PATCH', `${scope}/team/${team.bears}/players`, { body })).status).toBe(
      401,
    );
    const operator = await t.makeUser({ email: 'op2@sbsa.kr', grade: 2 });
    expect(
      (await t.api('PATCH', `${scope}/team/${team.bears}/players`, { token: operator.token, body }))
        .status,
    ).toBe(200);
  });
});

describe('league coaches', () => {
  it('replaces the staff and reads it back: 감독 first', async () => {
    const res = await t.api('PUT', `${scope}/team/${team.bears}/coaches`, {
      token: admin,
      body: {
        coaches: [
          { coachId: coach.yoon, role: '코치' },
          { coachId: coach.han, role: '감독' },
          { coachId: coach.seo, role: '단장' },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(
      res.body.data.map((c: { coachName: string; role: string }) => [c.coachName, c.role]),
    ).toEqual([
      ['한감독', '감독'],
      ['윤코치', '코치'],
      ['서단장', '단장'],
    ]);
    expect(JSON.stringify(res.body)).not.toContain('010-');
    const read = await t.api('GET', `/api/league/league/${leagueId}/team/${team.bears}/coaches`);
    expect(read.body.data).toEqual(res.body.data);
  });

  it('refuses two 감독, an unknown coach and a bad role', async () => {
    const two = await t.api('PUT', `${scope}/team/${team.bears}/coaches`, {
      token: admin,
      body: {
        coaches: [
          { coachId: coach.han, role: '감독' },
          { coachId: coach.yoon, role: '감독' },
        ],
      },
    });
    expect(two.body.errors['coaches.1.role']).toBe('감독은 한 명만 지정할 수 있습니다.');
    const unknown = await t.api('PUT', `${scope}/team/${team.bears}/coaches`, {
      token: admin,
      body: { coaches: [{ coachId: 999, role: '코치' }] },
    });
    expect(unknown.body.errors['coaches.0.coachId']).toContain('지도자를 찾을 수 없습니다');
    const role = await t.api('PUT', `${scope}/team/${team.bears}/coaches`, {
      token: admin,
      body: { coaches: [{ coachId: coach.han, role: '주장' }] },
    });
    expect(role.body.errors['coaches.0.role']).toMatch(/직책/);
    expect(
      (await t.api('GET', `/api/league/league/${leagueId}/team/${team.bears}/coaches`)).body.data,
    ).toHaveLength(3);
  });

  it('lets the team manager set his own staff only', async () => {
    const manager = await t.makeUser({ email: 'bears2@sbsa.kr', teamId: team.bears });
    expect(
      (
        await t.api('PUT', `${scope}/team/${team.bears}/coaches`, {
          token: manager.token,
          body: { coaches: [{ coachId: coach.han, role: '감독' }] },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.api('PUT', `${scope}/team/${team.eagles}/coaches`, {
          token: manager.token,
          body: { coaches: [] },
        })
      ).status,
    ).toBe(403);
  });
});

describe('season teams and admin views', () => {
  it('lists the teams of a season with their leagues', async () => {
    const res = await t.api('GET', `/api/league/season/${seasonId}/teams`);
    expect(res.status).toBe(200);
    const eagles = res.body.data.find((x: { teamId: number }) => x.teamId === team.eagles);
    expect(eagles.leagues.map((l: { leagueName: string }) => l.leagueName)).toEqual([
      '남자부 리그',
      '여자부 리그',
    ]);
    expect((await t.api('GET', '/api/league/season/999/teams')).status).toBe(404);
  });

  it('gives the admin list with roster counts to signed-in users only', async () => {
    expect((await t.api('GET', `/api/league/admin/league/${leagueId}/team`)).status).toBe(401);
    const res = await t.api('GET', `/api/league/admin/league/${leagueId}/team`, { token: admin });
    expect(res.status).toBe(200);
    const tigers = res.body.data.find((x: { teamId: number }) => x.teamId === team.tigers);
    expect(tigers).toMatchObject({
      playerCount: 1,
      activePlayerCount: 1,
      suspendedPlayerCount: 0,
      releasedPlayerCount: 1,
      gameCount: 1,
      coachCount: 0,
    });
  });

  it('reads one roster entry with its record count', async () => {
    const path = `/api/league/admin/league/${leagueId}/team/${team.tigers}/${player.lee}`;
    expect((await t.api('GET', path)).status).toBe(401);
    const res = await t.api('GET', path, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      playerId: player.lee,
      playerName: '이서연',
      teamName: '타이거즈',
      leagueName: '여자부 리그',
      birthDate: '2000-01-01',
      gameRecordCount: 1,
      status: 'released',
    });
    expect(
      (
        await t.api(
          'GET',
          `/api/league/admin/league/${leagueId}/team/${team.tigers}/${player.choi}`,
          { token: admin },
        )
      ).status,
    ).toBe(404);
  });

  it('deletes one roster entry unless the player has records in the league', async () => {
    const withRecords = await t.api(
      'DELETE',
      `/api/league/admin/league/${leagueId}/team/${team.tigers}/${player.lee}`,
      { token: admin },
    );
    expect(withRecords.status).toBe(409);
    expect(withRecords.body.message).toContain('방출');
    const manager = await t.makeUser({ email: 'eagles@sbsa.kr', teamId: team.eagles });
    const path = `/api/league/admin/league/${leagueId}/team/${team.tigers}/${player.kim}`;
    expect((await t.api('DELETE', path)).status).toBe(401);
    expect((await t.api('DELETE', path, { token: manager.token })).status).toBe(403);
    const tigersManager = await t.makeUser({ email: 'tigers@sbsa.kr', teamId: team.tigers });
    const res = await t.api('DELETE', path, { token: tigersManager.token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: { playerId: number }) => p.playerId)).toEqual([player.lee]);
    expect((await t.api('DELETE', path, { token: admin })).status).toBe(404);
  });

  it('removes a team without games from the league with its roster and staff', async () => {
    const res = await t.api('DELETE', `${scope}/team/${team.eagles}`, { token: admin });
    expect(res.status).toBe(200);
    const bears = await t.api('DELETE', `${scope}/team/${team.bears}`, { token: admin });
    expect(bears.status).toBe(409);
    const ok = await t.db
      .selectFrom('league_teams')
      .select('team_id')
      .where('league_id', '=', leagueId)
      .orderBy('team_id')
      .execute();
    expect(ok.map((r) => r.team_id)).toEqual([team.tigers, team.bears].sort((a, b) => a - b));
  });
});

describe('team short names are unique in a league', () => {
  it('refuses adding or renaming a team to a short name another team of the league has, changing nothing', async () => {
    const make = async (name: string, shortName: string) =>
      (
        await t.db
          .insertInto('teams')
          .values({ main_id: t.main.id, name, short_name: shortName })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const seoul = await make('서울 베어스', '베어스');
    const busan = await make('부산 베어스', '베 어스');
    const daegu = await make('대구 라이온즈', '라이온즈');
    const otherScope = scope.replace(/\/\d+$/, `/${otherLeagueId}`);
    const members = async () =>
      (
        await t.db
          .selectFrom('league_teams')
          .select('team_id')
          .where('league_id', '=', otherLeagueId)
          .orderBy('team_id')
          .execute()
      ).map((r) => r.team_id);
    const before = await members();

    const both = await t.api('POST', `${otherScope}/teams`, {
      token: admin,
      body: { teams: [seoul, busan] },
    });
    expect(both.status).toBe(409);
    expect(both.body.message).toBe(
      '남자부 리그에서 서울 베어스 팀과 부산 베어스 팀의 약칭(베 어스)이 같습니다. 한 리그의 팀 약칭은 서로 달라야 합니다.',
    );
    expect(await members()).toEqual(before);

    const ok = await t.api('POST', `${otherScope}/teams`, {
      token: admin,
      body: { teams: [seoul, daegu] },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const renamed = await t.api('PATCH', `/api/teams/${daegu}`, {
      token: admin,
      body: { shortName: '베어스' },
    });
    expect(renamed.status).toBe(409);
    expect(renamed.body.errors.shortName).toMatch(/약칭\(베어스\)이 같습니다/);
    const kept = await t.db
      .selectFrom('teams')
      .select('short_name')
      .where('id', '=', daegu)
      .executeTakeFirstOrThrow();
    expect(kept.short_name).toBe('라이온즈');
    // a team outside the league may keep the same short name
    const free = await t.api('PATCH', `/api/teams/${busan}`, {
      token: admin,
      body: { shortName: '베어스' },
    });
    expect(free.status, JSON.stringify(free.body)).toBe(200);
  });
});
