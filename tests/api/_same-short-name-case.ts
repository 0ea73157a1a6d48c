import { expect } from 'vitest';
import type { TestApp } from '../helpers/test-app.ts';
import { buildGameFixture, insertGame, validBoxScore } from './_game-fixtures.ts';

/**
 * A league where two teams share a short name: 부산 갈매기 and 대구 갈매기, both 갈매기, beside
 * 서울 레드삭스. The API refuses such a pair (team-short-names.ts), but a database from before that
 * rule, or an import of one, may hold it, so the short name is set straight in the database. The
 * games are entered through the API: 레드삭스 5–3 부산 갈매기, then 대구 갈매기 5–3 부산 갈매기.
 * The two 갈매기 differ in every total (부산 two games and 12 hits, 대구 one game and 8 hits with a
 * home run), so a row of one shown for the other cannot pass for right.
 */
export interface SameShortNameCase {
  seasonId: number;
  leagueId: number;
  leagueName: string;
  team: { redSox: number; busan: number; daegu: number };
  /** each team's regular-season batting totals, worked out by hand from validBoxScore */
  batting: Record<
    'redSox' | 'busan' | 'daegu',
    { games: number; h: number; ab: number; hr: number }
  >;
}

export async function buildSameShortNameCase(t: TestApp): Promise<SameShortNameCase> {
  const f = await buildGameFixture(t);
  await t.db
    .updateTable('teams')
    .set({ name: '대구 갈매기', short_name: '갈매기' })
    .where('id', '=', f.team.third)
    .execute();
  const admin = await t.adminToken();
  const first = await insertGame(t, f, { gameNo: 1, date: '2025-05-10' });
  const second = await insertGame(t, f, {
    gameNo: 2,
    date: '2025-05-17',
    home: f.team.third,
    away: f.team.away,
  });
  const put = (id: number, body: unknown) =>
    t.api('PUT', `/api/league/game/${id}/record`, { token: admin, body });
  expect((await put(first, validBoxScore(f))).status).toBe(200);
  expect((await put(second, validBoxScore(f, f.roster.third, f.roster.away))).status).toBe(200);
  return {
    seasonId: f.seasonId,
    leagueId: f.leagueId,
    leagueName: '여자부 리그',
    team: { redSox: f.team.home, busan: f.team.away, daegu: f.team.third },
    // validBoxScore: the home side 8 H (one HR), the away side 6 H, nine batters of 3 AB each
    batting: {
      redSox: { games: 1, h: 8, ab: 27, hr: 1 },
      busan: { games: 2, h: 12, ab: 54, hr: 0 },
      daegu: { games: 1, h: 8, ab: 27, hr: 1 },
    },
  };
}
