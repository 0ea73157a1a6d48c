import { expect } from 'vitest';
import type { TestApp } from '../helpers/test-app.ts';
import { buildGameFixture, insertGame, validBoxScore } from './_game-fixtures.ts';

/**
 * A league with two regular games and one final, all entered through the API:
 * game 1 레드삭스 5–3 갈매기, game 2 라이온즈 5–3 갈매기 (regular), then the final 갈매기 5–3 레드삭스,
 * played at 갈매기's ground. 레드삭스's lead-off man pitches and bats in game 1 and in the final.
 */
export interface StagesCase {
  seasonId: number;
  seasonName: string;
  leagueId: number;
  team: { home: number; away: number; third: number };
  games: { first: number; second: number; final: number };
  /** 레드삭스's lead-off: home run and win in game 1, loss in the final */
  homeLeadOff: number;
  /** 갈매기's lead-off: his only home run is in the final */
  awayLeadOff: number;
  names: { home: string; away: string; third: string; homeLeadOff: string; awayLeadOff: string };
}

export async function buildStagesCase(t: TestApp): Promise<StagesCase> {
  const f = await buildGameFixture(t);
  const admin = await t.adminToken();
  const first = await insertGame(t, f, { gameNo: 1, date: '2025-05-10' });
  const second = await insertGame(t, f, {
    gameNo: 2,
    date: '2025-05-17',
    home: f.team.third,
    away: f.team.away,
  });
  const final = await insertGame(t, f, {
    gameNo: 3,
    date: '2025-06-07',
    home: f.team.away,
    away: f.team.home,
  });
  await t.db
    .updateTable('games')
    .set({ stage: 'final', round: '결승' })
    .where('id', '=', final)
    .execute();
  const put = (id: number, body: unknown) =>
    t.api('PUT', `/api/league/game/${id}/record`, { token: admin, body });
  expect((await put(first, validBoxScore(f))).status).toBe(200);
  expect((await put(second, validBoxScore(f, f.roster.third, f.roster.away))).status).toBe(200);
  // validBoxScore: the home side wins 5–3; here 갈매기 bat at home and 레드삭스 are the visitors.
  expect((await put(final, validBoxScore(f, f.roster.away, f.roster.home))).status).toBe(200);
  const name = async (table: 'teams' | 'players', id: number) =>
    (await t.db.selectFrom(table).select('name').where('id', '=', id).executeTakeFirstOrThrow())
      .name;
  return {
    seasonId: f.seasonId,
    seasonName: '2025 시즌',
    leagueId: f.leagueId,
    team: { home: f.team.home, away: f.team.away, third: f.team.third },
    games: { first, second, final },
    homeLeadOff: f.roster.home[0],
    awayLeadOff: f.roster.away[0],
    names: {
      home: await name('teams', f.team.home),
      away: await name('teams', f.team.away),
      third: await name('teams', f.team.third),
      homeLeadOff: await name('players', f.roster.home[0]),
      awayLeadOff: await name('players', f.roster.away[0]),
    },
  };
}
