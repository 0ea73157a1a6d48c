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

describe('stats', () => {
  it('gives the standings with raw and formatted numbers', async () => {
    const res = await t.api('GET', `/api/stats/league/${f.leagueId}/standings`);
    expect(res.status).toBe(200);
    const rows = res.body.data.rows;
    expect(rows.map((r: { teamShortName: string }) => r.teamShortName)).toEqual([
      '레드삭스',
      '라이온즈',
      '갈매기',
    ]);
    expect(rows[0]).toMatchObject({
      rank: 1,
      g: 2,
      w: 2,
      l: 0,
      pctText: '1.000',
      rs: 12,
      ra: 3,
      tieNote: null,
    });

    await t.db
      .updateTable('leagues')
      .set({ ranking_method: 'points', points_win: 3, points_draw: 1, points_loss: 0 })
      .where('id', '=', f.leagueId)
      .execute();
    const points = (await t.api('GET', `/api/stats/league/${f.leagueId}/standings`)).body.data;
    expect(points.rankingLabel).toBe('승점 (승 3 · 무 1 · 패 0)');
    expect(points.rows.map((r: { points: number }) => r.points)).toEqual([6, 3, 0]);
    await t.db
      .updateTable('leagues')
      .set({ ranking_method: 'pct' })
      .where('id', '=', f.leagueId)
      .execute();
    expect((await t.api('GET', '/api/stats/league/999999/standings')).status).toBe(404);
  });

  it('lists only qualified players on the rate leaderboards', async () => {
    const res = await t.api('GET', `/api/stats/league/${f.leagueId}/leaders?limit=50`);
    expect(res.status).toBe(200);
    const board = (list: Array<{ key: string }>, key: string) =>
      list.find((b) => b.key === key) as unknown as {
        qualified: boolean;
        entries: Array<Record<string, unknown>>;
      };
    const avg = board(res.body.data.batting, 'avg');
    expect(avg.qualified).toBe(true);
    // Two team games each, 2 PA per game: 4 PA needed. 레드삭스 hitters had one game (forfeit has no lines): only those with a walk (4 PA) qualify.
    const redSox = avg.entries.filter((e) => e.teamId === f.team.home).map((e) => e.playerId);
    expect(redSox.sort()).toEqual(f.roster.home.slice(6).sort());
    expect(
      avg.entries.every(
        (e) => typeof e.value === 'number' && /^\d\.\d{3}$/.test(String(e.valueText)),
      ),
    ).toBe(true);
    const hr = board(res.body.data.batting, 'hr');
    expect(hr.qualified).toBe(false);
    expect(hr.entries.map((e) => e.playerId).sort()).toEqual(
      [f.roster.home[0], f.roster.third[0]].sort(),
    );
    expect(hr.entries[0]).toMatchObject({ rank: 1, value: 1, valueText: '1' });
    const era = board(res.body.data.pitching, 'era');
    expect(era.entries[0]).toHaveProperty('valueText');
    const eraOf = (id: number) => era.entries.find((e) => e.playerId === id);
    expect(eraOf(f.roster.home[0])).toMatchObject({ value: 2.8, valueText: '2.80' });
    expect(eraOf(f.roster.away[0])).toMatchObject({ valueText: '5.25' });
    const wins = board(res.body.data.pitching, 'w');
    expect(wins.entries.map((e) => e.playerId).sort()).toEqual(
      [f.roster.home[0], f.roster.third[0]].sort(),
    );
    expect(res.body.data.qualification).toMatchObject({ paPerGame: 2, ipPerGame: 1 });
  });

  it("gives a player's seasons, career and game log, recomputed from counting stats", async () => {
    const a1 = f.roster.away[0];
    const res = await t.api('GET', `/api/stats/player/${a1}`);
    expect(res.status).toBe(200);
    const page = res.body.data;
    expect(page).toMatchObject({ playerId: a1, name: '이선수1', position: '투수' });
    expect(page.teams).toEqual([
      {
        teamId: f.team.away,
        teamName: '부산 갈매기',
        backNumber: 1,
        fromDate: '2025-01-01',
        toDate: null,
      },
    ]);
    expect(page.seasons).toHaveLength(1);
    expect(page.seasons[0]).toMatchObject({
      seasonId: f.seasonId,
      leagueId: f.leagueId,
      teamId: f.team.away,
      teamName: '부산 갈매기',
    });
    expect(page.seasons[0].batting).toMatchObject({
      g: 2,
      pa: 6,
      ab: 6,
      h: 2,
      r: 2,
      avg: 2 / 6,
      avgText: '0.333',
      obpText: '0.333',
    });
    expect(page.seasons[0].pitching).toMatchObject({
      g: 2,
      outs: 24,
      ipText: '8',
      er: 6,
      l: 2,
      w: 0,
      era: 5.25,
      eraText: '5.25',
      whip: 2,
      whipText: '2.00',
    });
    expect(page.career.pitching).toMatchObject({ outs: 24, eraText: '5.25' });
    expect(page.gameLog.map((g: { gameId: number }) => g.gameId)).toEqual([
      games.second,
      games.first,
    ]);
    expect(page.gameLog[1]).toMatchObject({
      opponentTeamName: '서울 레드삭스',
      homeAway: 'away',
      teamScore: 3,
      opponentScore: 5,
      result: 'L',
    });
    expect(page.gameLog[1].pitching).toMatchObject({
      ipText: '4',
      decision: 'L',
      eraText: '5.25',
    });
    expect(page.gameLog[1].batting).toMatchObject({
      battingOrder: 1,
      ab: 3,
      h: 1,
      avgText: '0.333',
    });

    const idle = await t.api('GET', `/api/stats/player/${f.bad.notListed}`);
    expect(idle.body.data).toMatchObject({
      seasons: [],
      gameLog: [],
      career: { batting: null, pitching: null },
    });
    expect((await t.api('GET', '/api/stats/player/999999')).status).toBe(404);
  });

  it("gives a team's roster with season stats", async () => {
    const res = await t.api('GET', `/api/stats/team/${f.team.home}/players`);
    expect(res.status).toBe(200);
    const page = res.body.data;
    expect(page).toMatchObject({
      teamName: '서울 레드삭스',
      seasonId: f.seasonId,
      seasonName: '2025 시즌',
      leagues: [{ leagueId: f.leagueId, leagueName: '여자부 리그' }],
    });
    expect(page.players.map((p: { backNumber: number }) => p.backNumber)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 50, 51, 52,
    ]);
    expect(page.players[0]).toMatchObject({
      name: '김선수1',
      statusLabel: '등록',
      batting: { g: 1, hr: 1, avgText: '0.333' },
      pitching: { w: 1, ipText: '5' },
    });
    expect(page.players[2].pitching).toBeNull();
    expect(page.players[9]).toMatchObject({
      name: '정지선수',
      status: 'suspended',
      statusLabel: '출장 정지',
      batting: { g: 0, avgText: '-' },
    });
    const explicit = await t.api(
      'GET',
      `/api/stats/team/${f.team.home}/players?seasonId=${f.seasonId}`,
    );
    expect(explicit.body.data.players).toHaveLength(12);
    expect(
      (await t.api('GET', `/api/stats/team/${f.team.home}/players?seasonId=999999`)).status,
    ).toBe(404);
    expect((await t.api('GET', '/api/stats/team/999999/players')).status).toBe(404);
    expect((await t.api('GET', `/api/stats/team/${f.team.home}/players?seasonId=x`)).status).toBe(
      400,
    );
  });
});

describe('stats: stages', () => {
  it('counts regular-season games only: a final-stage game changes neither the API nor the CSV standings', async () => {
    const standings = async () =>
      (await t.api('GET', `/api/stats/league/${f.leagueId}/standings`)).body.data.rows.map(
        (r: { teamId: number; g: number; w: number; l: number; pctText: string }) => [
          r.teamId,
          r.g,
          r.w,
          r.l,
          r.pctText,
        ],
      );
    const before = await standings();
    // The away team beats the home team 5:3 in a final: as a regular game it would make the
    // home team 1-1 (0.500) and the away team 1-2 (0.333).
    const final = await insertGame(t, f, {
      gameNo: 90,
      date: '2025-06-01',
      home: f.team.away,
      away: f.team.home,
    });
    await t.db.updateTable('games').set({ stage: 'final' }).where('id', '=', final).execute();
    const put = await t.api('PUT', `/api/league/game/${final}/record`, {
      token: admin,
      body: validBoxScore(f, f.roster.away, f.roster.home),
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(await standings()).toEqual(before);

    const csv = await t.api('GET', `/sbsa/csv/league/${f.leagueId}/standings.csv`);
    expect(csv.status).toBe(200);
    const lines = String(csv.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const header = lines[0].split(',');
    const at = (name: string) => header.indexOf(name);
    const rows = lines.slice(1).map((line) => line.split(','));
    // Same games, wins, losses and PCT as the API for every team, in the same order.
    expect(
      rows.map((r) => [
        Number(r[at('경기')]),
        Number(r[at('승')]),
        Number(r[at('패')]),
        r[at('승률')],
      ]),
    ).toEqual(before.map((r: unknown[]) => r.slice(1)));
    await t.db.deleteFrom('games').where('id', '=', final).execute();
  });
});
