import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accounts, launchBrowser, logIn, newPage } from './helpers.ts';
import { adminApi, makeLeague, seoulToday } from './fixtures.ts';
import { paths } from '../../../src/lib/paths.ts';

let browser: Browser;
let page: Page;
let api: Awaited<ReturnType<typeof adminApi>>;
let league: Awaited<ReturnType<typeof makeLeague>>;
let gameId: number;
/** away: two batters and a pitcher; home: two batters and a pitcher; plus one suspended player each */
let ids: {
  a1: number;
  a2: number;
  ap: number;
  aOut: number;
  b1: number;
  b2: number;
  hp: number;
  hOut: number;
};

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newPage(browser, { width: 1400, height: 1000 }));
  api = await adminApi();
  league = await makeLeague(api, `기록 시험 리그 ${Date.now() % 100000}`);
  const [a1, a2, ap, aOut] = league.away.playerIds;
  const [b1, b2, hp, hOut] = league.home.playerIds;
  ids = { a1, a2, ap, aOut, b1, b2, hp, hOut };
  const base = `/api/league/main/${league.mainId}/season/${league.seasonId}/league/${league.leagueId}`;
  const roster = (players: number[], suspended: number) => ({
    players: [
      ...players.map((playerId, i) => ({
        playerId,
        backNumber: i + 1,
        status: 'active' as const,
        registeredOn: '2026-01-01',
      })),
      {
        playerId: suspended,
        backNumber: 99,
        status: 'suspended' as const,
        registeredOn: '2026-01-01',
      },
    ],
  });
  for (const [team, players, out] of [
    [league.away, [a1, a2, ap], aOut],
    [league.home, [b1, b2, hp], hOut],
  ] as const) {
    const res = await api.call(
      'PATCH',
      `${base}/team/${team.teamId}/players`,
      roster([...players], out),
    );
    if (res.status >= 300) throw new Error(`roster: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const game = await api.call('POST', `/api/league/league/${league.leagueId}/schedule/game`, {
    date: seoulToday(),
    time: '10:00',
    venue: '시험구장',
    homeTeamId: league.home.teamId,
    awayTeamId: league.away.teamId,
  });
  if (game.status >= 300) throw new Error(`game: ${game.status} ${JSON.stringify(game.body)}`);
  gameId = game.body.data.gameId;
  await logIn(page, accounts.admin, `/admin/league/game/write/${league.leagueId}/${gameId}`);
  await page.locator('form.record-form').waitFor();
});
afterAll(async () => browser?.close());

/** The back number a player wears in this league (rostered 1, 2, 3 in order; the suspended one 99). */
function backNumber(playerId: number): string {
  const order = [
    [ids.a1, ids.a2, ids.ap],
    [ids.b1, ids.b2, ids.hp],
  ];
  const at = order.map((team) => team.indexOf(playerId)).find((i) => i >= 0);
  return at === undefined ? '99' : String(at + 1);
}

async function setInnings(n: number) {
  while ((await page.getByLabel(/^원정 팀 \d+회 득점$/).count()) > n)
    await page.getByRole('button', { name: '이닝 빼기' }).click();
}

async function cells(prefix: string, values: Record<string, number | string>) {
  for (const [label, value] of Object.entries(values))
    await page.getByLabel(`${prefix} ${label}`, { exact: true }).fill(String(value));
}

async function batter(
  side: '원정 팀' | '홈 팀',
  index: number,
  playerId: number,
  values: Record<string, number | string>,
) {
  // A new record starts with nine batting and two pitching lines; more are added on demand.
  if ((await page.getByLabel(`${side} 타자 ${index} 선수`).count()) === 0)
    await page.getByRole('button', { name: `${side} 타자 추가` }).click();
  await page.getByLabel(`${side} 타자 ${index} 선수`).fill(backNumber(playerId));
  await cells(`${side} 타자 ${index}`, values);
}

async function pitcher(
  side: '원정 팀' | '홈 팀',
  index: number,
  playerId: number,
  values: Record<string, number | string>,
) {
  if ((await page.getByLabel(`${side} 투수 ${index} 선수`).count()) === 0)
    await page.getByRole('button', { name: `${side} 투수 추가` }).click();
  await page.getByLabel(`${side} 투수 ${index} 선수`).fill(backNumber(playerId));
  await cells(`${side} 투수 ${index}`, values);
}

const summary = () => page.locator('.error-summary li').allTextContents();

describe('game record entry', () => {
  it('shows the players who may not play, with the reason', async () => {
    const lists = await page.locator('.ineligible li').allTextContents();
    expect(lists.filter((t) => t.includes('출장 정지'))).toHaveLength(2);
  });

  it('saves a full box score and the API returns the same one', async () => {
    await setInnings(2);
    await page.getByLabel('원정 팀 1회 득점').fill('1');
    await page.getByLabel('원정 팀 2회 득점').fill('0');
    await page.getByLabel('홈 팀 1회 득점').fill('0');
    await page.getByLabel('홈 팀 2회 득점').fill('2');
    await batter('원정 팀', 1, ids.a1, { 타석: 4, 타수: 3, 득점: 1, 안타: 1, 볼넷: 1 });
    await batter('원정 팀', 2, ids.a2, { 타석: 3, 타수: 3, 삼진: 1 });
    await pitcher('원정 팀', 1, ids.ap, {
      이닝: '1.1',
      상대타자: 6,
      피안타: 2,
      실점: 2,
      자책: 2,
      피홈런: 1,
    });
    await batter('홈 팀', 1, ids.b1, { 타석: 3, 타수: 3, 득점: 1, 안타: 1 });
    await batter('홈 팀', 2, ids.b2, { 타석: 3, 타수: 3, 득점: 1, 안타: 1, 홈런: 1, 타점: 1 });
    await pitcher('홈 팀', 1, ids.hp, {
      이닝: 1,
      상대타자: 4,
      피안타: 1,
      실점: 1,
      자책: 1,
      볼넷: 1,
    });
    // The first home batter closes the game from the mound.
    await pitcher('홈 팀', 2, ids.b1, { 이닝: 1, 상대타자: 3, 탈삼진: 1 });
    // Running totals follow the typing.
    const total = (label: string) => page.getByLabel(label, { exact: true }).textContent();
    expect(await total('원정 팀 안타 합계')).toBe('1');
    expect(await total('홈 팀 안타 합계')).toBe('2');
    expect([
      await total(`${league.away.teamName} 득점`),
      await total(`${league.home.teamName} 득점`),
    ]).toEqual(['1', '2']);
    expect([await total('원정 팀 득점 합계'), await total('홈 팀 득점 합계')]).toEqual(['1', '2']);
    expect(await total('홈 팀 투수 실점 합계')).toBe('1');
    expect(await total('홈 팀 투수 이닝 합계')).toBe('합계 2이닝');
    await page.getByLabel('홈 팀 2회 득점').fill('3');
    expect(await total(`${league.home.teamName} 득점`)).toBe('3');
    await page.getByLabel('홈 팀 2회 득점').fill('2');
    expect(await total(`${league.home.teamName} 득점`)).toBe('2');
    await page.getByLabel('승리 투수', { exact: true }).selectOption(String(ids.hp));
    await page.getByLabel('패전 투수', { exact: true }).selectOption(String(ids.ap));
    await page.getByLabel('세이브 투수', { exact: true }).selectOption(String(ids.b1));
    await page.getByLabel('MVP', { exact: true }).selectOption(String(ids.b2));
    // the boxes and the lines' 결과 are one state: each shows what the other was given
    const mark = (label: string) => page.getByLabel(label, { exact: true }).inputValue();
    expect([
      await mark('홈 팀 투수 1 결과'),
      await mark('원정 팀 투수 1 결과'),
      await mark('홈 팀 투수 2 결과'),
    ]).toEqual(['승', '패', '세이브']);
    await page.getByLabel('홈 팀 투수 2 결과').fill('');
    expect(await mark('세이브 투수')).toBe('');
    await page.getByLabel('홈 팀 투수 2 결과').fill('S');
    await page.getByLabel('홈 팀 투수 2 결과').blur();
    expect(await mark('홈 팀 투수 2 결과')).toBe('세이브');
    expect(await mark('세이브 투수')).toBe(String(ids.b1));
    // choosing another winner takes the mark off the first
    await page.getByLabel('승리 투수', { exact: true }).selectOption(String(ids.b1));
    expect([await mark('홈 팀 투수 1 결과'), await mark('홈 팀 투수 2 결과')]).toEqual(['', '승']);
    await page.getByLabel('승리 투수', { exact: true }).selectOption(String(ids.hp));
    await page.getByLabel('홈 팀 투수 2 결과').fill('세');
    const state = page.locator('.game-state');
    expect(await state.textContent()).toBe('예정 · 기록 미입력');
    await page.getByRole('button', { name: '기록 저장' }).click();
    await page.getByText('경기 기록을 저장했습니다.').waitFor();
    // where the game stands is said at once, without a reload
    expect(await state.textContent()).toBe('종료 · 기록 입력 완료');

    const record = (await api.call('GET', `/api/league/game/${gameId}/record`)).body.data;
    expect(record.hasRecord).toBe(true);
    expect(record.status).toBe('final');
    expect(record.innings).toEqual({ away: [1, 0], home: [0, 2] });
    expect(
      record.away.batting.map((l: Record<string, number>) => [
        l.playerId,
        l.pa,
        l.ab,
        l.r,
        l.h,
        l.bb,
        l.so,
      ]),
    ).toEqual([
      [ids.a1, 4, 3, 1, 1, 1, 0],
      [ids.a2, 3, 3, 0, 0, 0, 1],
    ]);
    expect(
      record.home.batting.map((l: Record<string, number>) => [l.playerId, l.r, l.h, l.hr, l.rbi]),
    ).toEqual([
      [ids.b1, 1, 1, 0, 0],
      [ids.b2, 1, 1, 1, 1],
    ]);
    expect(
      record.away.pitching.map((l: Record<string, number>) => [
        l.playerId,
        l.outs,
        l.h,
        l.r,
        l.er,
        l.hr,
      ]),
    ).toEqual([[ids.ap, 4, 2, 2, 2, 1]]);
    expect(
      record.home.pitching.map((l: Record<string, unknown>) => [
        l.playerId,
        l.outs,
        l.bb,
        l.so,
        l.decision,
      ]),
    ).toEqual([
      [ids.hp, 3, 1, 0, 'W'],
      [ids.b1, 3, 0, 1, 'S'],
    ]);
    expect(record).toMatchObject({
      winPitcherId: ids.hp,
      lossPitcherId: ids.ap,
      savePitcherId: ids.b1,
      mvpPlayerId: ids.b2,
    });
    const box = (await api.call('GET', `/api/league/game/${gameId}/boxscore`)).body.data;
    expect([box.away.r, box.home.r, box.away.h, box.home.h]).toEqual([1, 2, 1, 2]);
  });

  it('refuses runs that do not add up, naming the mismatch, and saves nothing', async () => {
    await page.getByLabel('원정 팀 1회 득점').fill('3');
    await page.getByRole('button', { name: '기록 저장' }).click();
    await expect.poll(summary).not.toEqual([]);
    const messages = (await summary()).join('\n');
    expect(messages).toContain('원정 팀 타자 득점 합계(1)가 이닝별 득점 합계(3)와 다릅니다.');
    expect(messages).toContain('홈 팀 투수 실점 합계(1)가 원정 팀 득점(3)과 다릅니다.');
    const record = (await api.call('GET', `/api/league/game/${gameId}/record`)).body.data;
    expect(record.innings.away).toEqual([1, 0]);
    await page.getByLabel('원정 팀 1회 득점').fill('1');
  });

  it('refuses an ineligible player with the reason', async () => {
    await page.getByLabel('원정 팀 타자 2 선수').fill('99');
    await page.getByRole('button', { name: '기록 저장' }).click();
    await expect
      .poll(async () =>
        (await summary()).some((t) => t.includes('출장할 수 없는 선수입니다 (출장 정지).')),
      )
      .toBe(true);
    const record = (await api.call('GET', `/api/league/game/${gameId}/record`)).body.data;
    expect(record.away.batting.map((l: { playerId: number }) => l.playerId)).toEqual([
      ids.a1,
      ids.a2,
    ]);
  });

  it('the server refuses an ineligible player too', async () => {
    const record = (await api.call('GET', `/api/league/game/${gameId}/record`)).body.data;
    record.away.batting[1].playerId = ids.aOut;
    const {
      gameId: _g,
      leagueId: _l,
      gameDate: _d,
      homeTeamId: _h,
      awayTeamId: _a,
      hasRecord: _r,
      ...input
    } = record;
    const res = await api.call('PUT', `/api/league/game/${gameId}/record`, input);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('출장');
  });

  it('says 결과 입력 대기 for a game six days past without a record, on its public page and in the console', async () => {
    const day = new Date(`${seoulToday()}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() - 6);
    const date = day.toISOString().slice(0, 10);
    const created = await api.call('POST', `/api/league/league/${league.leagueId}/schedule/game`, {
      date,
      homeTeamId: league.home.teamId,
      awayTeamId: league.away.teamId,
    });
    expect(created.status).toBeLessThan(300);
    const pastId = created.body.data.gameId as number;
    // the public box score, once the publisher has built it
    const path = paths.boxScore({ id: league.seasonId, active: true }, league.leagueId, pastId);
    const status = page.locator('main .meta-list .status');
    await expect
      .poll(
        async () => {
          const res = await page.goto(path);
          return res?.status() === 200 ? await status.textContent() : null;
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe('결과 입력 대기');
    expect(await page.locator('.scoreboard__score').textContent()).toBe('결과 입력 대기');
    expect(await page.locator('main .meta-list').textContent()).toContain(
      '경기일이 지났지만 결과가 아직 입력되지 않았습니다.',
    );
    // the console's game list says the same
    await page.goto(`/admin/league/gamelist?season=${league.seasonId}&league=${league.leagueId}`);
    const row = page.getByRole('row').filter({ hasText: date });
    await row.first().waitFor();
    expect(await row.first().textContent()).toContain('결과 입력 대기');
  });
});
