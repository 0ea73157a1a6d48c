/**
 * Stages: a hand-worked league where the final's games must stay out of every regular-season
 * figure (standings, leaders, team lines, 정규시즌 player lines) in the API and the CSV downloads,
 * and show in the result list, the box score, the league's postseason section and the 포스트시즌
 * player lines. The built pages are checked on the same case in tests/e2e/publish/stages-pages.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { csvTable } from '../../scripts/lib/csv-table.ts';
import { paths } from '../../src/lib/paths.ts';
import { buildStagesCase } from './_stages-case.ts';
import type { StagesCase } from './_stages-case.ts';

let t: TestApp;
let c: StagesCase;

beforeAll(async () => {
  t = await createTestApp();
  c = await buildStagesCase(t);
});
afterAll(async () => t.close());

const data = async (path: string) => {
  const res = await t.api('GET', path);
  expect(res.status, path).toBe(200);
  return res.body.data;
};
const csv = async (path: string) => {
  const res = await t.api('GET', path);
  expect(res.status, path).toBe(200);
  return csvTable(res.body as string).rows;
};

describe('postseason games stay out of the regular season', () => {
  it('standings count the two regular games only, in the API and the CSV', async () => {
    // Regular season: 레드삭스 5–3 갈매기, 라이온즈 5–3 갈매기. The final (갈매기 5–3 레드삭스) is left out:
    // 레드삭스 G 1 = 1 W + 0 L, RS 5, RA 3; 갈매기 G 2 = 0 W + 2 L, RS 3 + 3 = 6, RA 5 + 5 = 10.
    // Counting the final would give 레드삭스 1–1 (RS 8, RA 8) and 갈매기 1–2.
    const api = await data(`/api/stats/league/${c.leagueId}/standings`);
    const row = (name: string) => api.rows.find((r: { teamName: string }) => r.teamName === name);
    expect(row(c.names.home)).toMatchObject({ g: 1, w: 1, l: 0, rs: 5, ra: 3 });
    expect(row(c.names.away)).toMatchObject({ g: 2, w: 0, l: 2, rs: 6, ra: 10 });
    expect(row(c.names.third)).toMatchObject({ g: 1, w: 1, l: 0 });
    const rows = await csv(paths.csv.standings(c.leagueId));
    const line = (name: string) => rows.find((r) => r['팀'] === name)!;
    expect([
      line(c.names.home)['경기'],
      line(c.names.home)['승'],
      line(c.names.home)['패'],
    ]).toEqual(['1', '1', '0']);
    expect([
      line(c.names.away)['경기'],
      line(c.names.away)['승'],
      line(c.names.away)['패'],
    ]).toEqual(['2', '0', '2']);
  });

  it("leaders leave out the final's home run, in the API and the CSV", async () => {
    // Regular home runs: 레드삭스's lead-off in game 1, 라이온즈's lead-off in game 2 (1 each).
    // 갈매기's lead-off hit his only home run in the final: not on the regular board.
    const api = await data(`/api/stats/league/${c.leagueId}/leaders`);
    const hr = api.batting.find((b: { key: string }) => b.key === 'hr');
    const ids = hr.entries.map((e: { playerId: number }) => e.playerId);
    expect(ids).toContain(c.homeLeadOff);
    expect(ids).not.toContain(c.awayLeadOff);
    const board = (await csv(paths.csv.leaders(c.leagueId))).filter((r) => r['부문'] === hr.label);
    expect(board.find((r) => r['선수'] === c.names.homeLeadOff)?.['기록']).toBe('1');
    expect(board.some((r) => r['선수'] === c.names.awayLeadOff)).toBe(false);
  });

  it('team lines count regular games only, in the API and the CSV', async () => {
    // 레드삭스's lead-off: game 1 AB 3, H 1 (a home run); the final (AB 3, H 1) is not in the league line.
    const api = await data(`/api/stats/team/${c.team.home}/players?seasonId=${c.seasonId}`);
    const p = api.players.find((x: { playerId: number }) => x.playerId === c.homeLeadOff);
    expect(p.batting).toMatchObject({ g: 1, ab: 3, h: 1, hr: 1 });
    // His pitching, game 1 only: 15 outs, 2 ER → ERA 2 × 7 / (15 / 3) = 14 / 5 = 2.80.
    expect(p.pitching).toMatchObject({ g: 1, w: 1, l: 0, outs: 15, er: 2, eraText: '2.80' });
    const batting = await csv(paths.csv.teamBatting(c.leagueId, c.team.home));
    const b = batting.find((r) => r['선수'] === c.names.homeLeadOff)!;
    expect([b['경기'], b['타수'], b['안타'], b['홈런']]).toEqual(['1', '3', '1', '1']);
    const pitching = await csv(paths.csv.teamPitching(c.leagueId, c.team.home));
    const q = pitching.find((r) => r['선수'] === c.names.homeLeadOff)!;
    expect([q['경기'], q['승'], q['패'], q['이닝'], q['평균자책점']]).toEqual([
      '1',
      '1',
      '0',
      '5.0',
      '2.80',
    ]);
  });

  it('splits the player record: 정규시즌 without the final, 포스트시즌 with it only (API and CSV)', async () => {
    // 정규시즌: game 1 — 15 outs, 2 ER, W → ERA 2.80; AB 3, H 1, HR 1.
    // 포스트시즌: the final — 12 outs (4 IP), 3 ER, L → ERA 3 × 7 / 4 = 21 / 4 = 5.25; AB 3, H 1, HR 0.
    // Together they would be 27 outs, 5 ER → 35 / 9 = 3.89: shown nowhere.
    const api = await data(`/api/stats/player/${c.homeLeadOff}`);
    expect(api.seasons).toHaveLength(1);
    expect(api.seasons[0].pitching).toMatchObject({
      g: 1,
      w: 1,
      l: 0,
      outs: 15,
      er: 2,
      eraText: '2.80',
    });
    expect(api.seasons[0].batting).toMatchObject({ g: 1, ab: 3, h: 1, hr: 1 });
    expect(api.career.label).toBe('정규시즌 통산');
    expect(api.career.pitching).toMatchObject({ outs: 15, er: 2, eraText: '2.80' });
    expect(api.postseason.seasons).toHaveLength(1);
    expect(api.postseason.seasons[0].pitching).toMatchObject({
      g: 1,
      w: 0,
      l: 1,
      outs: 12,
      er: 3,
      eraText: '5.25',
    });
    expect(api.postseason.seasons[0].batting).toMatchObject({ g: 1, ab: 3, h: 1, hr: 0 });
    expect(api.postseason.career.label).toBe('포스트시즌 통산');
    expect(api.postseason.career.pitching).toMatchObject({ outs: 12, er: 3, eraText: '5.25' });

    const regular = await csv(paths.csv.playerPitching(c.homeLeadOff, 'regular'));
    const post = await csv(paths.csv.playerPitching(c.homeLeadOff, 'postseason'));
    const era = (rows: Record<string, string>[]) =>
      rows.map((r) => [r['시즌'], r['이닝'], r['평균자책점']]);
    expect(era(regular)).toEqual([
      [c.seasonName, '5.0', '2.80'],
      ['정규시즌 통산', '5.0', '2.80'],
    ]);
    expect(era(post)).toEqual([
      [c.seasonName, '4.0', '5.25'],
      ['포스트시즌 통산', '4.0', '5.25'],
    ]);
  });
});

describe('postseason games show where games are listed', () => {
  it('the result list and the box score include the final', async () => {
    const list = await data(`/api/league/league/${c.leagueId}/game`);
    expect(list.games.map((g: { gameId: number }) => g.gameId)).toEqual([
      c.games.final,
      c.games.second,
      c.games.first,
    ]);
    expect(list.games[0]).toMatchObject({
      stage: 'final',
      stageLabel: '결승',
      homeScore: 5,
      awayScore: 3,
    });
    const box = await data(`/api/league/game/${c.games.final}/boxscore`);
    expect(box.stage).toBe('final');
  });

  it("the league result has a postseason section: the final's game and its champion", async () => {
    // No final ranks entered yet: 갈매기 won the only final game 5–3, so 우승 갈매기, 준우승 레드삭스.
    const result = await data(`/api/league/league/${c.leagueId}/result`);
    expect(result.postseason.games.map((g: { gameId: number }) => g.gameId)).toEqual([
      c.games.final,
    ]);
    expect(result.postseason.ranks).toEqual([
      expect.objectContaining({ rank: 1, label: '우승', teamId: c.team.away, fromFinal: true }),
      expect.objectContaining({ rank: 2, label: '준우승', teamId: c.team.home, fromFinal: true }),
    ]);
    // Entered ranks replace what the final's games suggest.
    const admin = await t.adminToken();
    const saved = await t.api('POST', `/api/league/league/${c.leagueId}/result`, {
      token: admin,
      body: {
        ranks: [
          { teamId: c.team.away, rank: 1 },
          { teamId: c.team.home, rank: 2 },
          { teamId: c.team.third, rank: 3, note: '준결승 패' },
        ],
      },
    });
    expect(saved.status).toBe(200);
    expect(
      saved.body.data.postseason.ranks.map(
        (r: { label: string; teamId: number; fromFinal: boolean }) => [
          r.label,
          r.teamId,
          r.fromFinal,
        ],
      ),
    ).toEqual([
      ['우승', c.team.away, false],
      ['준우승', c.team.home, false],
      ['3위', c.team.third, false],
    ]);
    // and the regular standings are still those of the two regular games
    expect(
      saved.body.data.standings.rows.find((r: { teamId: number }) => r.teamId === c.team.away),
    ).toMatchObject({ g: 2, l: 2 });
  });
});
