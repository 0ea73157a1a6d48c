import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { databaseDigest } from './write-endpoints.ts';
import { buildGameFixture, insertGame } from './_game-fixtures.ts';
import type { GameFixture } from './_game-fixtures.ts';
import { sevenInningFile } from './_event-file.ts';

let t: TestApp;
let f: GameFixture;
let scorer: string;
let nobody: string;

const retro = (id: number) => `/api/league/game/${id}/retrosheet`;
const names = (family: string) => Array.from({ length: 9 }, (_, i) => `${family}선수${i + 1}`);
/** The fixture's game: 부산 갈매기 (이선수…) away at 서울 레드삭스 (김선수…). */
const file = (extra: string[] = []) => sevenInningFile(names('이'), names('김'), extra);
const put = (id: number, text: BodyInit, token = scorer) =>
  t.api('PUT', retro(id), {
    token,
    rawBody: text,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });

beforeAll(async () => {
  t = await createTestApp();
  f = await buildGameFixture(t);
  scorer = (await t.makeUser({ email: 'plays-scorer@sbsa.kr', grade: 3 })).token;
  nobody = (await t.makeUser({ email: 'plays-fan@sbsa.kr' })).token;
});
afterAll(async () => t.close());

/** PUTs a file, expects 400 with the message, and that nothing changed. */
async function refused(id: number, text: BodyInit, message: RegExp) {
  const before = await databaseDigest(t);
  const res = await put(id, text);
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.message).toMatch(message);
  expect(await databaseDigest(t)).toBe(before);
}

describe('a game from an event file', () => {
  it('refuses anonymous callers (401) and users who may not enter records (403), changing nothing', async () => {
    const id = await insertGame(t, f, { gameNo: 201 });
    const before = await databaseDigest(t);
    expect((await t.api('PUT', retro(id), { rawBody: file() })).status).toBe(401);
    expect((await put(id, file(), nobody)).status).toBe(403);
    expect(await databaseDigest(t)).toBe(before);
  });

  it('makes the official box score from the plays: the record, the result, the pitchers of record', async () => {
    const id = await insertGame(t, f, { gameNo: 202 });
    const res = await put(id, file());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const record = (await t.api('GET', `/api/league/game/${id}/record`, { token: scorer })).body
      .data;
    expect(record.hasRecord).toBe(true);
    expect(record.innings).toEqual({ away: [2, 0, 0, 0, 0, 0, 0], home: [1, 0, 0, 0, 0, 0, 0] });
    const away = record.away.batting as {
      playerId: number;
      pa: number;
      h: number;
      hr: number;
      rbi: number;
      r: number;
    }[];
    const line = (playerId: number) => away.find((l) => l.playerId === playerId)!;
    // 이선수1 singled, 이선수2 hit the home run
    expect(line(f.roster.away[0])).toMatchObject({ pa: 3, h: 1, r: 1 });
    expect(line(f.roster.away[1])).toMatchObject({ pa: 3, h: 1, hr: 1, rbi: 2, r: 1 });
    expect(away.reduce((n, l) => n + l.pa, 0)).toBe(23);
    expect(record.winPitcherId).toBe(f.roster.away[0]);
    expect(record.lossPitcherId).toBe(f.roster.home[0]);
    const pitching = record.away.pitching as {
      playerId: number;
      outs: number;
      bf: number;
      er: number;
    }[];
    expect(pitching).toEqual([
      expect.objectContaining({ playerId: f.roster.away[0], outs: 21, bf: 23, er: 1 }),
    ]);
    const game = await t.db
      .selectFrom('games')
      .select(['status', 'away_score', 'home_score'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(game).toEqual({ status: 'final', away_score: 2, home_score: 1 });
  });

  it('takes info,wp, lp, save and data,er as the scorer’s decisions', async () => {
    const id = await insertGame(t, f, { gameNo: 203 });
    // the home team's starter charged with no earned run; the decisions as the rules have them
    const res = await put(id, file(['info,wp,ax010000', 'data,er,hx010000,0']));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const record = res.body.data;
    expect(record.winPitcherId).toBe(f.roster.away[0]);
    const home = record.home.pitching as { playerId: number; er: number }[];
    expect(home[0]).toMatchObject({ playerId: f.roster.home[0], er: 0 });
  });

  it('gives the game back as an event file that imports to the same record', async () => {
    const id = await insertGame(t, f, { gameNo: 204 });
    expect((await put(id, file())).status).toBe(200);
    const first = (await t.api('GET', `/api/league/game/${id}/record`, { token: scorer })).body
      .data;
    const out = await t.app.request(retro(id));
    expect(out.status).toBe(200);
    expect(out.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await out.text();
    expect(text).toMatch(/^id,T\w{2}202505100\n/);
    expect(text).toContain(`start,p${String(f.roster.away[0]).padStart(7, '0')},"이선수1",0,1,1`);
    expect(text).toContain('info,wp,');
    const again = await put(id, text);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const second = (await t.api('GET', `/api/league/game/${id}/record`, { token: scorer })).body
      .data;
    expect(second).toEqual(first);
  });

  it('shows the plays to anyone, each in Korean with the outs, bases and score after it', async () => {
    const id = await insertGame(t, f, { gameNo: 205 });
    const empty = await t.api('GET', `/api/league/game/${id}/plays`);
    expect(empty.body.data).toEqual({ gameId: id, lineups: [], plays: [], state: null });
    expect((await put(id, file())).status).toBe(200);
    const res = await t.api('GET', `/api/league/game/${id}/plays`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=1');
    const { lineups, plays, state } = res.body.data;
    expect(lineups).toHaveLength(18);
    expect(lineups[0]).toEqual({
      side: 'away',
      playerId: f.roster.away[0],
      name: '이선수1',
      slot: 1,
      position: '투',
    });
    expect(plays[0]).toMatchObject({
      kind: 'play',
      notation: 'S7/G',
      text: '1회초 무사 주자 없음 · 이선수1 좌전 안타 (0:0)',
      outs: 0,
      bases: ['이선수1', null, null],
    });
    expect(plays[1].text).toBe('1회초 무사 1루 · 이선수2 좌월 홈런, 1루 주자 이선수1 홈인 (2:0)');
    expect(plays[6].text).toBe(
      '1회말 무사 1루 · 김선수2 중견수 쪽 2루타, 1루 주자 김선수1 홈인 (2:1)',
    );
    expect(plays.at(-1)).toMatchObject({
      inning: 7,
      half: 'bottom',
      outs: 3,
      score: { away: 2, home: 1 },
    });
    expect(state).toMatchObject({ over: true, score: { away: 2, home: 1 } });
    const etag = res.headers.get('etag')!;
    const again = await t.app.request(`/api/league/game/${id}/plays`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
  });

  it('refuses a bad file with the line and what is wrong, changing nothing', async () => {
    const id = await insertGame(t, f, { gameNo: 206 });
    const lines = file().split('\n');
    const with_ = (n: number, text: string) =>
      [...lines.slice(0, n - 1), text, ...lines.slice(n)].join('\n');
    // line 5 is the first start record, line 23 the first play
    await refused(
      id,
      with_(5, 'start,zz000001,"홍길동",0,1,1'),
      /^5번째 줄: 원정 팀 리그 명단에 '홍길동' 선수가 없습니다\.$/,
    );
    await refused(
      id,
      with_(23, 'play,1,0,ax010000,??,,S7.2-H'),
      /^23번째 줄: 2루에 주자가 없습니다/,
    );
    await refused(
      id,
      with_(23, 'play,1,0,ax010000,??,,Z9'),
      /^23번째 줄: 플레이 표기를 읽을 수 없습니다/,
    );
    await refused(id, with_(23, 'play,1,0,ax020000,??,,S7'), /^23번째 줄: 타순이 맞지 않습니다/);
    await refused(id, with_(3, 'nonsense,1'), /^3번째 줄: 알 수 없는 기록 'nonsense'입니다$/);
    await refused(
      id,
      lines.slice(0, 40).join('\n'),
      /^경기가 끝나지 않은 채 파일이 끝납니다 \(3회초 2사\)\.$/,
    );
    await refused(id, new Uint8Array([0x69, 0x64, 0x2c, 0xc7, 0xd1]), /UTF-8/);
    await refused(id, '', /비어 있습니다/);
  });

  it('refuses a player the league roster does not let play, with the box score’s message', async () => {
    const id = await insertGame(t, f, { gameNo: 207 });
    // the home team's 6th batter, who leads off the 2nd, replaced by a suspended player
    const text = file()
      .replaceAll(',hx060000,??,', ',hx500000,??,')
      .replace('\nplay,2,1,', '\nsub,hx500000,"정지선수",1,6,6\nplay,2,1,');
    const before = await databaseDigest(t);
    const res = await put(id, text);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.message).toMatch(/정지/);
    expect(await databaseDigest(t)).toBe(before);
  });
});
