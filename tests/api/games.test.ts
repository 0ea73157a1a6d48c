import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { buildGameFixture, insertGame, validBoxScore } from './_game-fixtures.ts';
import type { GameFixture } from './_game-fixtures.ts';

let t: TestApp;
let f: GameFixture;
let admin: string;
const games: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  f = await buildGameFixture(t);
  admin = await t.adminToken();
  games.first = await insertGame(t, f, { gameNo: 1, date: '2025-05-10' });
  games.second = await insertGame(t, f, {
    gameNo: 2,
    date: '2025-05-17',
    home: f.team.third,
    away: f.team.away,
  });
  games.forfeit = await insertGame(t, f, {
    gameNo: 3,
    date: '2025-05-24',
    home: f.team.home,
    away: f.team.third,
  });
  games.later = await insertGame(t, f, { gameNo: 4, date: '2025-05-31' });
  await t.db
    .insertInto('league_teams')
    .values({ league_id: f.otherLeagueId, team_id: f.team.home })
    .execute();
  games.other = await insertGame(t, f, {
    gameNo: 1,
    leagueId: f.otherLeagueId,
    home: f.team.outsider,
    away: f.team.home,
    date: '2025-05-31',
  });
  const put = (id: number, body: unknown) =>
    t.api('PUT', `/api/league/game/${id}/record`, { token: admin, body });
  expect((await put(games.first, validBoxScore(f))).status).toBe(200);
  expect((await put(games.second, validBoxScore(f, f.roster.third, f.roster.away))).status).toBe(
    200,
  );
  expect(
    (await put(games.forfeit, { status: 'forfeit', forfeitWinnerTeamId: f.team.home })).status,
  ).toBe(200);
});
afterAll(async () => t.close());

const ids = (body: { data: { games: Array<{ gameId: number }> } }) =>
  body.data.games.map((g) => g.gameId);

describe('game result lists', () => {
  it("lists a league's games with a result, latest first", async () => {
    const res = await t.api('GET', `/api/league/league/${f.leagueId}/game`);
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([games.forfeit, games.second, games.first]);
    expect(res.body.data.games[0]).toMatchObject({
      status: 'forfeit',
      homeScore: 7,
      awayScore: 0,
      forfeitWinnerTeamId: f.team.home,
    });
    expect(res.body.data.games[2]).toMatchObject({
      status: 'final',
      homeScore: 5,
      awayScore: 3,
      inningsPlayed: 7,
      hasRecord: true,
    });
  });

  it('filters one team, and with all=true takes every league of the season', async () => {
    const team = await t.api('GET', `/api/league/league/${f.leagueId}/game/${f.team.away}`);
    expect(ids(team.body)).toEqual([games.second, games.first]);
    await t.db
      .updateTable('games')
      .set({ status: 'final', home_score: 2, away_score: 1 })
      .where('id', '=', games.other)
      .execute();
    const all = await t.api('GET', `/api/league/league/${f.leagueId}/game?all=true`);
    expect(ids(all.body)).toEqual([games.other, games.forfeit, games.second, games.first]);
    const allTeam = await t.api(
      'GET',
      `/api/league/league/${f.leagueId}/game/${f.team.home}?all=true`,
    );
    expect(ids(allTeam.body)).toEqual([games.other, games.forfeit, games.first]);
  });

  it("pages a season's results", async () => {
    const page = await t.api('GET', `/api/league/season/${f.seasonId}/game?offset=1&limit=2`);
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ total: 4, offset: 1, limit: 2 });
    expect(ids(page.body)).toEqual([games.forfeit, games.second]);
    const team = await t.api('GET', `/api/league/season/${f.seasonId}/game/${f.team.third}`);
    expect(ids(team.body)).toEqual([games.forfeit, games.second]);
  });

  it('answers unknown ids with a Korean 404 and bad ones with 400', async () => {
    const league = await t.api('GET', '/api/league/league/999999/game');
    expect(league.status).toBe(404);
    expect(league.body.message).toMatch(/리그/);
    expect((await t.api('GET', '/api/league/season/999999/game')).status).toBe(404);
    expect((await t.api('GET', '/api/league/league/abc/game')).status).toBe(400);
    expect((await t.api('GET', `/api/league/league/${f.leagueId}/game?limit=0`)).status).toBe(400);
    expect((await t.api('GET', `/api/league/league/${f.leagueId}/game?all=yes`)).status).toBe(400);
  });
});

describe('ineligible players', () => {
  it('lists them for admins only, with the Korean reason', async () => {
    const scorer = (await t.makeUser({ email: 'scorer@sbsa.kr', grade: 3 })).token;
    const nobody = (await t.makeUser({ email: 'fan@sbsa.kr' })).token;
    const path = `/api/league/game/${games.later}/ineligible/${f.team.home}`;
    expect((await t.api('GET', path)).status).toBe(401);
    expect((await t.api('GET', path, { token: nobody })).status).toBe(403);
    const res = await t.api('GET', path, { token: scorer });
    expect(res.status).toBe(200);
    expect(
      res.body.data.players.map((p: { name: string; reason: string }) => [p.name, p.reason]),
    ).toEqual([
      ['정지선수', '출장 정지'],
      ['방출선수', '방출'],
      ['늦은선수', '경기일 이후 등록'],
      ['이적선수', '다른 팀 소속'],
      ['명단밖선수', '리그 명단에 없음'],
    ]);
    // Registered on 2025-06-01: eligible for a game on that day.
    await t.db
      .updateTable('games')
      .set({ game_date: '2025-06-01' })
      .where('id', '=', games.later)
      .execute();
    const sameDay = await t.api('GET', path, { token: scorer });
    expect(sameDay.body.data.players.map((p: { reason: string }) => p.reason)).not.toContain(
      '경기일 이후 등록',
    );
    expect(
      (await t.api('GET', `/api/league/game/999999/ineligible/${f.team.home}`, { token: admin }))
        .status,
    ).toBe(404);
  });
});
