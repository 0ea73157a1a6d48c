import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { databaseDigest } from './write-endpoints.ts';
import { buildGameFixture, insertGame, validBoxScore } from './_game-fixtures.ts';
import type { BoxScoreBody, GameFixture } from './_game-fixtures.ts';
import { expandChange, gamePlayers } from '../../src/server/publish/change-keys.ts';

let t: TestApp;
let f: GameFixture;
let admin: string;
let scorer: string;
let operator: string;
let nobody: string;
let gameId: number;

const record = (id: number) => `/api/league/game/${id}/record`;
const clone = (): BoxScoreBody => structuredClone(validBoxScore(f));

beforeAll(async () => {
  t = await createTestApp();
  f = await buildGameFixture(t);
  admin = await t.adminToken();
  scorer = (await t.makeUser({ email: 'scorer@sbsa.kr', grade: 3 })).token;
  operator = (await t.makeUser({ email: 'operator@sbsa.kr', grade: 2 })).token;
  nobody = (await t.makeUser({ email: 'fan@sbsa.kr' })).token;
  gameId = await insertGame(t, f, { gameNo: 1 });
});
afterAll(async () => t.close());

/** PUTs a broken record and checks the 400, the message at the path, and that nothing was written. */
async function refused(body: unknown, path: string, message: RegExp, id = gameId) {
  const before = await databaseDigest(t);
  const res = await t.api('PUT', record(id), { token: scorer, body });
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.ok).toBe(false);
  expect(res.body.errors?.[path], JSON.stringify(res.body.errors)).toMatch(message);
  expect(typeof res.body.message).toBe('string');
  expect(await databaseDigest(t)).toBe(before);
  return res.body;
}

describe('game records: roles', () => {
  it('refuses anonymous users (401) and users without a grade (403)', async () => {
    expect((await t.api('PUT', record(gameId), { body: clone() })).status).toBe(401);
    expect((await t.api('PUT', record(gameId), { token: nobody, body: clone() })).status).toBe(403);
    expect((await t.api('GET', record(gameId), { token: nobody })).status).toBe(403);
    expect(
      (await t.api('GET', `/api/league/game/${gameId}/ineligible/${f.team.home}`)).status,
    ).toBe(401);
  });

  it('gets the site renderer ready when a scorer opens a record, not when the form is refused', async () => {
    const before = t.signals.expected;
    expect((await t.api('GET', record(gameId), { token: nobody })).status).toBe(403);
    expect((await t.api('GET', record(gameId))).status).toBe(401);
    expect(t.signals.expected).toBe(before);
    expect((await t.api('GET', record(gameId), { token: scorer })).status).toBe(200);
    expect(t.signals.expected).toBe(before + 1);
  });

  it('answers 404 in Korean for an unknown game and 400 for a bad id', async () => {
    const missing = await t.api('PUT', record(999_999), { token: admin, body: clone() });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/경기/);
    expect((await t.api('GET', '/api/league/game/abc/record', { token: admin })).status).toBe(400);
    expect((await t.api('GET', '/api/league/game/0/boxscore')).status).toBe(400);
  });
});

describe('game records: the invariants', () => {
  it("refuses line-score runs that differ from the batters' runs", async () => {
    const body = clone();
    body.innings.away[0] = 1;
    const res = await refused(body, 'away.batting', /타자 득점 합계\(3\).*이닝별 득점 합계\(4\)/);
    expect(res.errors['home.pitching']).toMatch(/실점 합계/);
  });

  it("refuses batters' runs that differ from the opposing pitchers' runs", async () => {
    const body = clone();
    body.home.pitching[1].r = 2;
    await refused(body, 'home.pitching', /홈 팀 투수 실점 합계\(4\).*원정 팀 득점\(3\)/);
  });

  it("refuses team hits, walks, strikeouts and HBP that differ from the opposing pitchers'", async () => {
    let body = clone();
    body.home.pitching[0].h = 5;
    await refused(body, 'home.pitching', /피안타 합계\(7\).*안타 합계\(6\)/);
    body = clone();
    body.away.pitching[1].bb = 2;
    await refused(body, 'away.pitching', /볼넷 합계\(4\)/);
    body = clone();
    body.home.pitching[0].so = 4;
    await refused(body, 'home.pitching', /탈삼진 합계\(6\).*삼진 합계\(5\)/);
    body = clone();
    body.home.pitching[0].hbp = 0;
    await refused(body, 'home.pitching', /사구 합계\(0\)/);
  });

  it("refuses pitchers' outs that do not match the innings batted", async () => {
    const body = clone();
    body.home.pitching[1].outs = 5;
    await refused(body, 'home.pitching', /투수 이닝 합계\(6⅔이닝\)가 .* 공격 이닝\(7이닝\)/);
    const short = clone();
    short.away.pitching[1].outs = 7;
    await refused(short, 'away.pitching', /투수 이닝 합계\(6⅓이닝\)가 .* 공격 이닝\(6이닝\)/);
  });

  it('refuses a final game in which the losing home team skipped its last turn at bat', async () => {
    const body = clone();
    body.innings.away = [0, 1, 0, 2, 0, 0, 3];
    await refused(body, 'innings.home.6', /7회 말 득점을 입력해야/);
  });

  it('refuses a batter whose PA is not AB+BB+HBP+SH+SF, whose hits exceed AB or fall short of extra-base hits', async () => {
    let body = clone();
    body.away.batting[0].pa = 4;
    await refused(body, 'away.batting.0.pa', /타석\(4\).*\(3\)/);
    body = clone();
    body.away.batting[0].b2 = 2;
    await refused(body, 'away.batting.0.h', /2루타\+3루타\+홈런\(2\)/);
    body = clone();
    body.away.batting[8].ab = 0;
    body.away.batting[8].pa = 1;
    body.away.batting[8].so = 0;
    body.away.batting[8].h = 1;
    await refused(body, 'away.batting.8.h', /안타\(1\)는 타수\(0\)보다 많을 수 없습니다/);
  });

  it('refuses a team credited with more RBI than runs', async () => {
    // The away side scores 3 (2nd and 4th innings); its batters' RBI are raised to 4: 4 > 3.
    const body = clone();
    const rbi = body.away.batting.reduce((total, l) => total + l.rbi, 0);
    body.away.batting[0].rbi += 4 - rbi;
    await refused(
      body,
      'away.batting',
      /^원정 팀 타점 합계\(4\)는 팀 득점\(3\)보다 많을 수 없습니다\.$/,
    );
  });

  it('refuses the home side batting in the 7th while already ahead', async () => {
    // Home leads 5:3 after the top of the 7th (the league's last inning), so there is no bottom half.
    const body = clone();
    body.innings.home[6] = 0;
    body.away.pitching[1].outs = 9; // the away pitchers would then owe 7 × 3 = 21 outs
    body.away.pitching[1].bf = 12;
    const res = await refused(
      body,
      'innings.home.6',
      /홈 팀은 7회 초까지 5:3으로 앞서 있었으므로 7회 말 공격을 하지 않습니다/,
    );
    expect(Object.keys(res.errors)).toEqual(['innings.home.6']);
  });

  it('gives every problem of a record in one answer', async () => {
    const body = clone();
    body.home.batting[0].h = body.home.batting[0].ab + 1; // H > AB
    body.away.pitching[0].er = body.away.pitching[0].r + 1; // ER > R
    body.winPitcherId = body.away.pitching[0].playerId; // W to the losing side
    const res = await refused(
      body,
      'home.batting.0.h',
      /안타\(\d+\)는 타수\(\d+\)보다 많을 수 없습니다/,
    );
    expect(res.errors['away.pitching.0.er']).toBe('자책점(5)은 실점(4)보다 많을 수 없습니다.');
    expect(res.errors.winPitcherId).toBe('승리 투수는 이긴 팀에서 던진 투수여야 합니다.');
    expect(res.message).toMatch(/외 \d+건/);
  });

  it('refuses earned runs above runs', async () => {
    const body = clone();
    body.home.pitching[0].er = 3;
    await refused(body, 'home.pitching.0.er', /자책점\(3\)은 실점\(2\)보다/);
  });

  it('refuses a winning pitcher of the losing team and a losing pitcher of the winning team', async () => {
    let body = clone();
    for (const side of [body.home, body.away]) for (const p of side.pitching) p.decision = null;
    body.winPitcherId = f.roster.away[0];
    body.lossPitcherId = f.roster.home[0];
    body.savePitcherId = null;
    const res = await refused(body, 'winPitcherId', /이긴 팀에서 던진 투수/);
    expect(res.errors.lossPitcherId).toMatch(/진 팀에서 던진 투수/);
    body = clone();
    body.away.pitching[1].decision = 'W' as never;
    await refused(body, 'away.pitching.1.decision', /승리 투수로 지정한 선수와 다릅니다/);
    body = clone();
    body.winPitcherId = null as never;
    body.home.pitching[1].decision = 'W' as never;
    body.savePitcherId = null as never;
    await refused(body, 'home.pitching.1.decision', /승리 투수는 한 명만/);
  });

  it('refuses the same player twice, in one team or on both', async () => {
    let body = clone();
    body.away.batting[1].playerId = body.away.batting[0].playerId;
    await refused(body, 'away.batting.1.playerId', /같은 선수가 두 번/);
    body = clone();
    body.home.batting[8].playerId = f.roster.away[8];
    await refused(body, 'home.batting.8.playerId', /두 팀에 모두|출장할 수 없는/);
  });

  it('refuses each kind of ineligible player with its reason', async () => {
    const cases: Array<[number, string]> = [
      [f.bad.suspended, '출장 정지'],
      [f.bad.released, '방출'],
      [f.bad.late, '경기일 이후 등록'],
      [f.bad.otherTeam, '다른 팀 소속'],
      [f.bad.notListed, '리그 명단에 없음'],
    ];
    for (const [playerId, reason] of cases) {
      const body = clone();
      body.home.batting[8].playerId = playerId;
      await refused(
        body,
        'home.batting.8.playerId',
        new RegExp(`출장할 수 없는 선수입니다 \\(${reason}\\)`),
      );
    }
    const body = clone();
    body.away.pitching[1].playerId = f.roster.home[5];
    await refused(body, 'away.pitching.1.playerId', /다른 팀 소속/);
  });

  it('refuses a second 결승타, one on the losing side, and double plays or innings that do not fit', async () => {
    const twice = clone();
    twice.home.batting[0].gwrbi = true;
    twice.home.batting[1] = { ...twice.home.batting[1], rbi: 1, gwrbi: true };
    await refused(twice, 'home.batting.1.gwrbi', /한 타자에게만/);
    const loser = clone();
    loser.away.batting[0] = { ...loser.away.batting[0], rbi: 1, gwrbi: true };
    await refused(loser, 'away.batting.0.gwrbi', /이긴 팀 타자에게만/);
    const gidp = clone();
    gidp.away.batting[0].gidp = 3;
    await refused(gidp, 'away.batting.0.gidp', /병살타\(3\)는 타수에서 안타를 뺀 수\(2\)/);
    const late = clone();
    late.home.batting[0].hrInnings = [7];
    await refused(late, 'home.batting.0.hrInnings', /홈 팀이 공격한 이닝\(1~6회\) 밖입니다/);
    const shape = clone();
    (shape.home.batting[0] as { hrInnings: unknown }).hrInnings = [0];
    await refused(shape, 'home.batting.0.hrInnings.0', /홈런 이닝/);
  });

  it('refuses a bad shape with Korean field messages', async () => {
    const res = await t.api('PUT', record(gameId), {
      token: scorer,
      body: { status: 'won', innings: { away: [-1] } },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.status).toBeTruthy();
    expect(res.body.errors['innings.away.0']).toMatch(/0 이상/);
  });
});

describe('game records: saving and reading', () => {
  it("lists the home team's ineligible players with their reasons", async () => {
    const res = await t.api('GET', `/api/league/game/${gameId}/ineligible/${f.team.home}`, {
      token: scorer,
    });
    expect(res.status).toBe(200);
    const reasons = Object.fromEntries(
      res.body.data.players.map((p: { playerId: number; reason: string }) => [
        p.playerId,
        p.reason,
      ]),
    );
    expect(reasons).toEqual({
      [f.bad.suspended]: '출장 정지',
      [f.bad.released]: '방출',
      [f.bad.late]: '경기일 이후 등록',
      [f.bad.otherTeam]: '다른 팀 소속',
      [f.bad.notListed]: '리그 명단에 없음',
    });
    const away = await t.api('GET', `/api/league/game/${gameId}/ineligible/${f.team.away}`, {
      token: scorer,
    });
    expect(away.body.data.players).toEqual([]);
    expect(
      (
        await t.api('GET', `/api/league/game/${gameId}/ineligible/${f.team.third}`, {
          token: scorer,
        })
      ).status,
    ).toBe(404);
  });

  it('saves a valid box score as a scorer (grade 3) and reads the same back', async () => {
    await t.takeChanges();
    const body = clone();
    // the home run in the 1st is the 결승타 of the 5–3 win; the 5th batter's error came in the 4th
    Object.assign(body.home.batting[0], { hrInnings: [1], gwrbi: true });
    Object.assign(body.away.batting[4], { eInnings: [4] });
    Object.assign(body.away.batting[3], { gidp: 1, gidpInnings: [2] });
    const res = await t.api('PUT', record(gameId), { token: scorer, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // the publisher renders the pages that read this game, not the whole site
    expect((await t.takeChanges()).changes).toEqual([`game-record:${gameId}`]);

    const read = await t.api('GET', record(gameId), { token: scorer });
    expect(read.status).toBe(200);
    const {
      gameId: _g,
      leagueId: _l,
      gameDate: _d,
      homeTeamId: _h,
      awayTeamId: _a,
      hasRecord,
      ...saved
    } = read.body.data;
    expect(hasRecord).toBe(true);
    expect(saved).toEqual(body);
    const box = (await t.api('GET', `/api/league/game/${gameId}/boxscore`)).body.data;
    expect(box.home.batting[0]).toMatchObject({ gwrbi: true, hrInnings: [1], hr: 1 });
    expect(box.away.batting[3]).toMatchObject({ gidp: 1, gidpInnings: [2], gwrbi: false });
    expect(box.away.batting[4]).toMatchObject({ e: 1, eInnings: [4], sbInnings: [] });

    const game = await t.db
      .selectFrom('games')
      .selectAll()
      .where('id', '=', gameId)
      .executeTakeFirstOrThrow();
    expect(game).toMatchObject({
      status: 'final',
      home_score: 5,
      away_score: 3,
      innings_played: 7,
      win_pitcher_id: f.roster.home[0],
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'game_record')
      .execute();
    expect(audit.at(-1)).toMatchObject({ action: 'create', entity_id: String(gameId) });
    expect(JSON.parse(audit.at(-1)!.after_json!).homeTeamId).toBe(f.team.home);
  });

  it('saves an unusual record and answers its warnings on their fields', async () => {
    // Six steals by one home batter (≥ 5) and a pitcher with more outs (12) than batters faced (11).
    const body = clone();
    body.home.batting[0].sb = 6;
    body.away.pitching[0].bf = 11;
    body.away.pitching[0].h = 6;
    body.away.pitching[0].bb = 2;
    const res = await t.api('PUT', record(gameId), { token: scorer, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.warnings).toEqual([
      {
        path: 'away.pitching.0.outs',
        side: 'away',
        row: 0,
        field: 'outs',
        message:
          '아웃 수(12)가 상대 타자 수(11)보다 많습니다. 병살·견제사가 아니라면 다시 확인해 주세요.',
      },
      {
        path: 'home.batting.0.sb',
        side: 'home',
        row: 0,
        field: 'sb',
        message: '도루 6개는 한 경기 기록으로 드뭅니다. 잘못 입력하지 않았는지 확인해 주세요.',
      },
    ]);
    const read = await t.api('GET', record(gameId), { token: scorer });
    expect(read.body.data.home.batting[0].sb).toBe(6);
    expect(read.body.data.warnings).toBeUndefined();
  });

  it('replaces the previous record when saved again', async () => {
    const body = clone();
    body.notes = '우천으로 30분 지연';
    body.home.batting[3].position = 'SS';
    const before = await gamePlayers(t.db, gameId);
    await t.takeChanges();
    const res = await t.api('PUT', record(gameId), { token: operator, body });
    expect(res.status).toBe(200);
    expect(res.body.data.notes).toBe('우천으로 30분 지연');
    // the game's record, and the players whose lines changed (their league's box scores): the
    // new position, and the lines the save before had marked; the lines saved as they were change
    // nothing
    expect(before.length).toBe(18);
    const { changes } = await t.takeChanges();
    expect(changes).toEqual(
      expect.arrayContaining([
        `game-record:${gameId}`,
        `game-player:${gameId}:${body.home.batting[3].playerId}`,
      ]),
    );
    expect(changes!.length).toBeLessThan(1 + 18);
    for (const name of changes!.slice(1))
      expect(before.map((p) => `game-player:${gameId}:${p}`)).toContain(name);
    const count = await t.db
      .selectFrom('game_batting')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('game_id', '=', gameId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(18);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'game_record')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('update');
    expect(JSON.parse(audit.before_json!).notes).toBe('');
  });

  it('returns the public box score with names, R/H/E, innings as outs and the pitchers of record', async () => {
    const res = await t.api('GET', `/api/league/game/${gameId}/boxscore`);
    expect(res.status).toBe(200);
    const box = res.body.data;
    expect(box.home).toMatchObject({
      teamName: '서울 레드삭스',
      r: 5,
      h: 8,
      e: 1,
      innings: [1, 0, 2, 0, 2, 0, null],
    });
    expect(box.away).toMatchObject({
      teamName: '부산 갈매기',
      r: 3,
      h: 6,
      e: 1,
      innings: [0, 1, 0, 2, 0, 0, 0],
    });
    expect(box.home.batting[0]).toMatchObject({
      name: '김선수1',
      backNumber: 1,
      hr: 1,
      avgText: '0.333',
    });
    expect(box.home.pitching[0]).toMatchObject({
      name: '김선수1',
      ipText: '5',
      decision: 'W',
      eraText: '2.80',
    });
    expect(box.away.pitching[0]).toMatchObject({ ipText: '4', eraText: '5.25', decision: 'L' });
    expect(box.winner).toBe('home');
    expect(box.winPitcher).toMatchObject({
      playerId: f.roster.home[0],
      name: '김선수1',
      teamId: f.team.home,
    });
    expect(box.lossPitcher).toMatchObject({ playerId: f.roster.away[0], teamId: f.team.away });
    expect(box.savePitcher).toMatchObject({ playerId: f.roster.home[1] });
    expect(box.mvp).toMatchObject({ playerId: f.roster.home[0] });
  });

  it('accepts a walk-off ending with a short last half', async () => {
    const walkOff = await insertGame(t, f, { gameNo: 2, date: '2025-05-11' });
    const body = clone();
    // 갈매기 4, 레드삭스 5: the winning run scores after one out in the bottom of the 7th.
    body.innings.away = [0, 1, 0, 2, 0, 0, 1];
    body.innings.home = [1, 0, 2, 0, 0, 0, 2];
    body.away.batting = body.away.batting.map((b, i) => ({ ...b, r: i < 4 ? 1 : 0 }));
    body.home.pitching[0].r = 3;
    body.away.pitching[1].outs = 7;
    body.savePitcherId = null;
    body.home.pitching[1].decision = null;
    const res = await t.api('PUT', record(walkOff), { token: scorer, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.innings.home).toEqual([1, 0, 2, 0, 0, 0, 2]);
  });

  it('records a forfeit 7–0 with no individual lines', async () => {
    const forfeitGame = await insertGame(t, f, { gameNo: 3, date: '2025-05-12' });
    await refused({ status: 'forfeit' }, 'forfeitWinnerTeamId', /몰수승 팀을 선택/, forfeitGame);
    await refused(
      { status: 'forfeit', forfeitWinnerTeamId: f.team.third },
      'forfeitWinnerTeamId',
      /홈 팀이나 원정 팀/,
      forfeitGame,
    );
    await refused(
      {
        ...clone(),
        status: 'forfeit',
        forfeitWinnerTeamId: f.team.away,
        winPitcherId: null,
        lossPitcherId: null,
        savePitcherId: null,
        mvpPlayerId: null,
      },
      'away.batting',
      /개인 기록을 입력하지 않습니다/,
      forfeitGame,
    );

    const res = await t.api('PUT', record(forfeitGame), {
      token: scorer,
      body: { status: 'forfeit', forfeitWinnerTeamId: f.team.away, notes: '선수 부족' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const game = await t.db
      .selectFrom('games')
      .selectAll()
      .where('id', '=', forfeitGame)
      .executeTakeFirstOrThrow();
    expect(game).toMatchObject({
      status: 'forfeit',
      home_score: 0,
      away_score: 7,
      forfeit_winner_team_id: f.team.away,
      innings_played: null,
    });
    const box = (await t.api('GET', `/api/league/game/${forfeitGame}/boxscore`)).body.data;
    expect(box).toMatchObject({ status: 'forfeit', statusLabel: '몰수', winner: 'away' });
    expect(box.away.r).toBe(7);
    expect(box.home.batting).toEqual([]);
  });

  it('saves a suspended game without pitchers of record', async () => {
    const suspended = await insertGame(t, f, { gameNo: 4, date: '2025-05-13' });
    const body = clone();
    body.status = 'suspended' as never;
    const refusedBody = await refused(
      body,
      'winPitcherId',
      /서스펜디드 경기에는 승리 투수/,
      suspended,
    );
    expect(refusedBody.errors.lossPitcherId).toBeTruthy();
    for (const side of [body.home, body.away]) for (const p of side.pitching) p.decision = null;
    Object.assign(body, { winPitcherId: null, lossPitcherId: null, savePitcherId: null });
    const res = await t.api('PUT', record(suspended), { token: scorer, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const game = await t.db
      .selectFrom('games')
      .select(['status', 'home_score', 'away_score'])
      .where('id', '=', suspended)
      .executeTakeFirstOrThrow();
    expect(game).toEqual({ status: 'suspended', home_score: 5, away_score: 3 });
  });

  it('refuses records for cancelled games and deleting a game that has a record', async () => {
    const cancelled = await insertGame(t, f, { gameNo: 5, date: '2025-05-14' });
    await t.db
      .updateTable('games')
      .set({ status: 'cancelled' })
      .where('id', '=', cancelled)
      .execute();
    const res = await t.api('PUT', record(cancelled), { token: scorer, body: clone() });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/취소된 경기/);
    const del = await t.api('DELETE', `/api/league/league/${f.leagueId}/schedule/game/${gameId}`, {
      token: admin,
    });
    expect(del.status).toBe(409);
    expect(del.body.message).toMatch(/기록이 입력된 경기는 삭제할 수 없습니다/);
  });

  it('clears a record and puts the game back to scheduled', async () => {
    const extra = await insertGame(t, f, { gameNo: 6, date: '2025-05-15' });
    expect((await t.api('PUT', record(extra), { token: scorer, body: clone() })).status).toBe(200);
    const before = await gamePlayers(t.db, extra);
    await t.takeChanges();
    const res = await t.api('DELETE', record(extra), { token: scorer });
    expect(res.status).toBe(200);
    expect(before.length).toBeGreaterThan(0);
    expect(new Set((await t.takeChanges()).changes)).toEqual(
      new Set([`game-record:${extra}`, ...before.map((p) => `game-player:${extra}:${p}`)]),
    );
    expect(res.body.data).toMatchObject({
      hasRecord: false,
      status: 'scheduled',
      innings: { away: [], home: [] },
    });
    expect((await t.api('DELETE', record(extra), { token: scorer })).status).toBe(404);
    expect(
      (
        await t.api('DELETE', `/api/league/league/${f.leagueId}/schedule/game/${extra}`, {
          token: admin,
        })
      ).status,
    ).toBe(200);
  });
});

describe('game records: near-valid input', () => {
  it('answers 200 or 400 (never 409/5xx) for small changes to a valid box score, and writes nothing on 400', async () => {
    const { default: fc } = await import('fast-check');
    const target = await insertGame(t, f, { gameNo: 90, date: '2025-05-20' });
    const battingKeys = [
      'pa',
      'ab',
      'r',
      'h',
      'b2',
      'b3',
      'hr',
      'rbi',
      'bb',
      'hbp',
      'so',
      'sb',
      'cs',
      'sh',
      'sf',
      'e',
      'battingOrder',
      'seq',
    ] as const;
    const pitchingKeys = [
      'outs',
      'bf',
      'h',
      'r',
      'er',
      'bb',
      'hbp',
      'so',
      'hr',
      'wp',
      'seq',
    ] as const;
    const change = fc.record({
      side: fc.constantFrom('home' as const, 'away' as const),
      list: fc.constantFrom('batting' as const, 'pitching' as const),
      index: fc.nat({ max: 8 }),
      key: fc.constantFrom(...battingKeys, ...pitchingKeys),
      delta: fc.integer({ min: -3, max: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(change, { minLength: 1, maxLength: 3 }),
        fc.constantFrom('final', 'suspended', 'forfeit'),
        async (changes, status) => {
          const body = { ...clone(), status };
          for (const c of changes) {
            // a line as a record of its fields, so that the drawn key can change it
            const lines: Record<string, unknown>[] = body[c.side][c.list];
            const line = lines[c.index % lines.length];
            const value = line[c.key];
            if (typeof value === 'number') line[c.key] = value + c.delta;
          }
          const before = await databaseDigest(t);
          const res = await t.api('PUT', record(target), { token: admin, body });
          expect([200, 400], JSON.stringify(res.body)).toContain(res.status);
          if (res.status === 400) expect(await databaseDigest(t)).toBe(before);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('the teams a change is about (their own pages go live first)', () => {
  const teamsOf = async (changes: string[]) => (await expandChange(t.db, changes)).teams;

  it("names a game's two teams and a renamed team, and none for a notice", async () => {
    expect(await teamsOf([`game-record:${gameId}`])).toEqual(new Set([f.team.home, f.team.away]));
    expect(
      await teamsOf([`game-player:${gameId}:1`, `game:${gameId}`, `team-info:${f.team.outsider}`]),
    ).toEqual(new Set([f.team.home, f.team.away, f.team.outsider]));
    expect(
      await teamsOf(['notice:1', 'game:999999', `roster:${f.leagueId}:${f.team.third}`]),
    ).toEqual(new Set());
  });
});
