import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { databaseDigest } from './write-endpoints.ts';
import { buildGameFixture, insertGame, validBoxScore } from './_game-fixtures.ts';
import type { GameFixture } from './_game-fixtures.ts';

let t: TestApp;
let f: GameFixture;
let admin: string;
let path: string;

beforeAll(async () => {
  t = await createTestApp();
  f = await buildGameFixture(t);
  admin = await t.adminToken();
  path = `/api/league/league/${f.leagueId}/result`;
  const first = await insertGame(t, f, { gameNo: 1, date: '2025-05-10' });
  const second = await insertGame(t, f, {
    gameNo: 2,
    date: '2025-05-17',
    home: f.team.third,
    away: f.team.away,
  });
  const forfeit = await insertGame(t, f, {
    gameNo: 3,
    date: '2025-05-24',
    home: f.team.home,
    away: f.team.third,
  });
  const put = (id: number, body: unknown) =>
    t.api('PUT', `/api/league/game/${id}/record`, { token: admin, body });
  await put(first, validBoxScore(f));
  await put(second, validBoxScore(f, f.roster.third, f.roster.away));
  await put(forfeit, { status: 'forfeit', forfeitWinnerTeamId: f.team.third });
});
afterAll(async () => t.close());

describe('league result', () => {
  it("computes the standings from the league's rules", async () => {
    const res = await t.api('GET', path);
    expect(res.status).toBe(200);
    const { standings, ranks, awards } = res.body.data;
    expect(ranks).toEqual([]);
    expect(awards).toEqual([]);
    expect(standings).toMatchObject({
      leagueId: f.leagueId,
      rankingMethod: 'pct',
      rankingLabel: '승률 (승 ÷ (승 + 패), 무승부 제외)',
      tieBreakers: ['승자승', 'TQB', 'ER-TQB', '타율', '추첨'],
    });
    expect(
      standings.rows.map((r: { teamName: string; w: number; l: number; rank: number }) => [
        r.rank,
        r.teamName,
        r.w,
        r.l,
      ]),
    ).toEqual([
      [1, '대구 라이온즈', 2, 0],
      [2, '서울 레드삭스', 1, 1],
      [3, '부산 갈매기', 0, 2],
    ]);
    expect(standings.rows[0]).toMatchObject({
      pct: 1,
      pctText: '1.000',
      gb: 0,
      gbText: '-',
      rs: 12,
      ra: 3,
      streak: '2승',
      last10: '2승 0패 0무',
    });
    expect(standings.rows[1]).toMatchObject({
      pctText: '0.500',
      gb: 1,
      gbText: '1.0',
      rs: 5,
      ra: 10,
    });
  });

  it('saves final ranks and awards, replacing the previous ones', async () => {
    await t.takeChanges();
    const body = {
      ranks: [
        { teamId: f.team.third, rank: 1, note: '우승' },
        { teamId: f.team.home, rank: 2 },
        { teamId: f.team.away, rank: 3 },
      ],
      awards: [
        { awardName: '최우수선수상', playerId: f.roster.third[0] },
        { awardName: '감투상', teamId: f.team.away, note: '끝까지 최선' },
      ],
    };
    const res = await t.api('POST', path, { token: admin, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(
      res.body.data.ranks.map((r: { teamName: string; rank: number; note: string }) => [
        r.rank,
        r.teamName,
        r.note,
      ]),
    ).toEqual([
      [1, '대구 라이온즈', '우승'],
      [2, '서울 레드삭스', ''],
      [3, '부산 갈매기', ''],
    ]);
    expect(res.body.data.awards[0]).toMatchObject({
      awardName: '최우수선수상',
      playerName: '박선수1',
      teamId: f.team.third,
      teamName: '대구 라이온즈',
    });
    expect(res.body.data.awards[1]).toMatchObject({
      awardName: '감투상',
      playerId: null,
      teamName: '부산 갈매기',
      note: '끝까지 최선',
    });
    expect((await t.takeChanges()).changes).toBeNull();

    const replaced = await t.api('POST', path, {
      token: admin,
      body: { ranks: [{ teamId: f.team.third, rank: 1 }], awards: [] },
    });
    expect(replaced.body.data.ranks).toHaveLength(1);
    expect(replaced.body.data.awards).toEqual([]);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'league_result')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before_json!).ranks).toHaveLength(3);
  });

  it('refuses teams outside the league, players off its roster and awards naming nobody; nothing is written', async () => {
    const before = await databaseDigest(t);
    const cases: Array<[unknown, string, RegExp]> = [
      [
        { ranks: [{ teamId: f.team.outsider, rank: 1 }] },
        'ranks.0.teamId',
        /이 리그에 참가한 팀이 아닙니다/,
      ],
      [
        {
          ranks: [
            { teamId: f.team.home, rank: 1 },
            { teamId: f.team.home, rank: 2 },
          ],
        },
        'ranks.1.teamId',
        /두 번/,
      ],
      [
        { awards: [{ awardName: '타격상', playerId: f.bad.notListed }] },
        'awards.0.playerId',
        /리그 명단에 없는 선수/,
      ],
      [
        { awards: [{ awardName: '타격상', playerId: f.roster.home[0], teamId: f.team.away }] },
        'awards.0.teamId',
        /소속 팀과 다릅니다/,
      ],
      [{ awards: [{ awardName: '타격상' }] }, 'awards.0.playerId', /하나는 선택/],
      [
        { awards: [{ awardName: '', teamId: f.team.home }] },
        'awards.0.awardName',
        /상 이름을 입력/,
      ],
      [{ ranks: [{ teamId: f.team.home, rank: 0 }] }, 'ranks.0.rank', /순위는 1 이상/],
    ];
    for (const [body, key, message] of cases) {
      const res = await t.api('POST', path, { token: admin, body });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.errors[key], JSON.stringify(res.body.errors)).toMatch(message);
    }
    expect(await databaseDigest(t)).toBe(before);
  });

  it('lets only league managers save: anonymous 401, no role 403, scorer 403', async () => {
    const scorer = (await t.makeUser({ email: 'scorer@sbsa.kr', grade: 3 })).token;
    const nobody = (await t.makeUser({ email: 'fan@sbsa.kr' })).token;
    const operator = (await t.makeUser({ email: 'operator@sbsa.kr', grade: 2 })).token;
    expect((await t.api('POST', path, { body: {} })).status).toBe(401);
    expect((await t.api('POST', path, { token: nobody, body: {} })).status).toBe(403);
    expect((await t.api('POST', path, { token: scorer, body: {} })).status).toBe(403);
    expect((await t.api('POST', path, { token: operator, body: {} })).status).toBe(200);
    expect((await t.api('GET', '/api/league/league/999999/result')).status).toBe(404);
  });
});
