import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { databaseDigest } from './write-endpoints.ts';
import { buildGameFixture, insertGame, validBoxScore } from './_game-fixtures.ts';
import type { GameFixture } from './_game-fixtures.ts';
import { expandChange } from '../../src/server/publish/change-keys.ts';

let t: TestApp;
let f: GameFixture;
let scorer: string;
let operator: string;
let admin: string;
let nobody: string;

const live = (id: number) => `/api/league/game/${id}/live`;
const line = (over: Record<string, unknown> = {}) => ({
  away: [0, 2],
  home: [1],
  inning: 2,
  half: 'top',
  outs: 1,
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  f = await buildGameFixture(t);
  admin = await t.adminToken();
  scorer = (await t.makeUser({ email: 'live-scorer@sbsa.kr', grade: 3 })).token;
  operator = (await t.makeUser({ email: 'live-operator@sbsa.kr', grade: 2 })).token;
  nobody = (await t.makeUser({ email: 'live-fan@sbsa.kr' })).token;
});
afterAll(async () => t.close());

/** PUTs an impossible line and checks the 400, its Korean message, and that nothing changed. */
async function refused(id: number, body: unknown, message: RegExp, path?: string) {
  const before = await databaseDigest(t);
  const res = await t.api('PUT', live(id), { token: scorer, body });
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.ok).toBe(false);
  const said = path ? res.body.errors?.[path] : res.body.message;
  expect(said, JSON.stringify(res.body)).toMatch(message);
  expect(await databaseDigest(t)).toBe(before);
}

describe('live line score: roles', () => {
  it('refuses anonymous callers (401) and users who may not enter records (403), changing nothing', async () => {
    const id = await insertGame(t, f, { gameNo: 101 });
    const before = await databaseDigest(t);
    expect((await t.api('PUT', live(id), { body: line() })).status).toBe(401);
    expect((await t.api('PUT', live(id), { token: nobody, body: line() })).status).toBe(403);
    expect((await t.api('POST', `${live(id)}/end`, { token: nobody })).status).toBe(403);
    expect((await t.api('DELETE', live(id), { token: nobody })).status).toBe(403);
    expect(await databaseDigest(t)).toBe(before);
  });

  it('lets scorers, league operators and the association enter it', async () => {
    for (const [i, token] of [scorer, operator, admin].entries()) {
      const id = await insertGame(t, f, { gameNo: 110 + i });
      const res = await t.api('PUT', live(id), { token, body: line() });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.statusLabel).toBe('경기 중');
    }
  });
});

describe('live line score: validation', () => {
  let id: number;
  beforeAll(async () => {
    id = await insertGame(t, f, { gameNo: 120 });
  });

  it('refuses negative runs', async () => {
    await refused(id, line({ away: [0, -1] }), /원정 팀 득점은 0 이상/, 'away.1');
  });

  it('refuses a third out', async () => {
    await refused(id, line({ outs: 3 }), /아웃 수는 2 이하/, 'outs');
  });

  it('refuses an inning beyond the runs given', async () => {
    await refused(
      id,
      line({ inning: 4 }),
      /^4회초에는 원정 팀 이닝별 득점이 4개여야 합니다 \(보낸 것 2개\)\.$/,
      'away',
    );
    await refused(id, line({ half: 'bottom' }), /2회말에는 홈 팀 이닝별 득점이 2개여야/, 'home');
  });

  it('refuses a game that is over, and one that is not there', async () => {
    const done = await insertGame(t, f, { gameNo: 121 });
    expect(
      (
        await t.api('PUT', `/api/league/game/${done}/record`, {
          token: scorer,
          body: validBoxScore(f),
        })
      ).status,
    ).toBe(200);
    await refused(done, line(), /이미 결과가 입력된 경기입니다/);
    expect((await t.api('PUT', live(999_999), { token: scorer, body: line() })).status).toBe(404);
  });
});

describe('live line score: the anonymous read', () => {
  it('answers anyone with the status, the score line and the line score, cacheable for a second', async () => {
    const id = await insertGame(t, f, { gameNo: 130, date: '2099-12-31' });
    const before = await t.api('GET', live(id));
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({ statusLabel: '예정', live: null });

    // a game can go live whatever its date
    expect(
      (await t.api('PUT', live(id), { token: scorer, body: line({ awayHits: 3 }) })).status,
    ).toBe(200);
    const res = await t.api('GET', live(id));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=1');
    expect(res.body.data).toMatchObject({
      status: 'live',
      statusLabel: '경기 중',
      live: {
        away: [0, 2],
        home: [1],
        scoreText: '원정 2 : 1 홈',
        situation: '2회초 · 1아웃',
        awayHits: 3,
        state: 'playing',
      },
    });
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const again = await t.api('GET', live(id), { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('public, max-age=1');
    // other API answers still say no cache may keep them
    expect(
      (await t.api('GET', `/api/league/game/${id}/boxscore`)).headers.get('cache-control'),
    ).toBe('no-store');
  });
});

describe('live line score: taps resent, the game ended, reset or suspended', () => {
  it('applies a sequence number once and names only the pages that show a live game', async () => {
    const id = await insertGame(t, f, { gameNo: 140 });
    await t.takeChanges();
    const first = await t.api('PUT', live(id), { token: scorer, body: line({ seq: 5 }) });
    expect(first.body.data.applied).toBe(true);
    const resent = await t.api('PUT', live(id), {
      token: scorer,
      body: line({ seq: 5, away: [0, 9] }),
    });
    expect(resent.status).toBe(200);
    expect(resent.body.data.applied).toBe(false);
    expect(resent.body.data.live.away).toEqual([0, 2]);
    // one row for the two calls: the resent one changed nothing
    expect(await t.takeChanges()).toMatchObject({
      tables: ['game_live'],
      rows: [{ kind: 'insert', rowId: id }],
      changes: [`game-live:${id}`],
    });
    const { keys } = await expandChange(t.db, [`game-live:${id}`]);
    expect([...keys].sort()).toEqual([
      `live-league:${f.leagueId}`,
      `live-season:${f.seasonId}`,
      `live:${id}`,
    ]);
  });

  it('takes a sequence number as large as a device clock gives (milliseconds since 1970)', async () => {
    const id = await insertGame(t, f, { gameNo: 141 });
    const seq = Date.now();
    const first = await t.api('PUT', live(id), { token: scorer, body: line({ seq }) });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.applied).toBe(true);
    const older = await t.api('PUT', live(id), { token: scorer, body: line({ seq: seq - 1 }) });
    expect(older.body.data.applied).toBe(false);
  });

  it('ends a game as entered: 결과 입력 대기, no more taps, and the record form opens with its line', async () => {
    const id = await insertGame(t, f, { gameNo: 150 });
    const body = line({
      away: [0, 2, 1],
      home: [1, 0, 4],
      inning: 3,
      half: 'bottom',
      awayHits: 5,
      homeErrors: 1,
    });
    await t.api('PUT', live(id), { token: scorer, body });
    const ended = await t.api('POST', `${live(id)}/end`, { token: scorer });
    expect(ended.status).toBe(200);
    expect(ended.body.data).toMatchObject({
      statusLabel: '결과 입력 대기',
      live: { state: 'ended', scoreText: '원정 3 : 5 홈' },
    });
    expect((await t.api('POST', `${live(id)}/end`, { token: scorer })).status).toBe(200);
    await refused(id, body, /경기 종료를 누른 경기입니다/);
    const record = await t.api('GET', `/api/league/game/${id}/record`, { token: scorer });
    expect(record.body.data.hasRecord).toBe(false);
    expect(record.body.data.innings).toEqual({ away: [0, 2, 1], home: [1, 0, 4] });
    expect(record.body.data.live).toMatchObject({
      awayRuns: 3,
      homeRuns: 5,
      awayHits: 5,
      homeErrors: 1,
    });
  });

  it('resets a game started by mistake to 예정', async () => {
    const id = await insertGame(t, f, { gameNo: 160, date: '2099-12-31' });
    expect((await t.api('DELETE', live(id), { token: scorer })).body.message).toBe(
      '아직 시작하지 않은 경기입니다. 먼저 경기를 시작해 주세요.',
    );
    await t.api('PUT', live(id), { token: scorer, body: line() });
    const reset = await t.api('DELETE', live(id), { token: scorer });
    expect(reset.status).toBe(200);
    expect(reset.body.data).toMatchObject({ statusLabel: '예정', live: null });
  });

  it('marks a game abandoned half-way 중단 with its reason and keeps its score', async () => {
    const id = await insertGame(t, f, { gameNo: 170 });
    await t.api('PUT', live(id), { token: scorer, body: line() });
    const empty = await t.api('POST', `${live(id)}/suspend`, {
      token: scorer,
      body: { reason: ' ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.reason).toBe('중단 사유를 입력해 주세요.');
    const res = await t.api('POST', `${live(id)}/suspend`, {
      token: scorer,
      body: { reason: '우천' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ statusLabel: '중단', awayScore: 2, homeScore: 1 });
    const game = await t.db
      .selectFrom('games')
      .select(['status', 'notes'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(game).toEqual({ status: 'suspended', notes: '중단 사유: 우천' });
    await refused(id, line(), /중단된 경기입니다/);
  });
});
