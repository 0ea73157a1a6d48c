import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accounts, baseUrl, launchBrowser, logIn, newPage } from './helpers.ts';
import { adminApi, makeLeague } from './fixtures.ts';
import {
  battingKeys,
  countingUser,
  copyToClipboard,
  rosterAndGames,
  testGame,
  testGameOuts,
  tsv,
} from './record-game.ts';

let browser: Browser;
let page: Page;
let api: Awaited<ReturnType<typeof adminApi>>;
let gameId: number;
const players: Record<'away' | 'home', number[]> = { away: [], home: [] };

beforeAll(async () => {
  browser = await launchBrowser();
  const opened = await newPage(browser, { width: 1280, height: 900 });
  page = opened.page;
  await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: baseUrl(),
  });
  api = await adminApi();
  const league = await makeLeague(api, `입력 횟수 리그 ${Date.now() % 100000}`);
  for (const side of ['away', 'home'] as const) players[side] = league[side].playerIds.slice(0, 11);
  [gameId] = await rosterAndGames(api, league);
  await logIn(page, accounts.scorer, `/admin/league/game/write/${league.leagueId}/${gameId}`);
  await page.locator('form.record-form').waitFor();
});
afterAll(async () => browser?.close());

/**
 * The same game as the "before" count (7 innings, 9 batters and 2 pitchers a side), entered the
 * way a scorer with a spreadsheet does: each block copied there (not counted) and pasted here.
 * Before the grid, the form took 112 clicks and 237 keystrokes for this game (Tab between cells,
 * a double click to replace a 0, every player chosen from a list).
 */
describe('record entry effort', () => {
  it('enters the test game in at most 15 clicks and 150 keystrokes with paste', async () => {
    const user = countingUser(page);
    const paste = async (cell: string, rows: ReadonlyArray<ReadonlyArray<number | string>>) => {
      await copyToClipboard(page, tsv(rows));
      await user.click(page.getByLabel(cell, { exact: true }));
      // a click on a drop-down list opens it: Escape closes it, keeping the focus there
      if (cell.endsWith('선수')) await user.press('Escape');
      await user.press('Control+V');
    };
    await paste('원정 팀 1회 득점', [testGame.innings.away, testGame.innings.home]);
    for (const side of ['away', 'home'] as const) {
      const name = side === 'away' ? '원정 팀' : '홈 팀';
      // The sheet's rows: back number, position, then the counting columns.
      await paste(
        `${name} 타자 1 선수`,
        testGame[side].batting.map((row, i) => [i + 1, '', ...row]),
      );
      await paste(
        `${name} 투수 1 선수`,
        testGame[side].pitching.map((row, i) => [10 + i, ...row]),
      );
    }
    await page.getByLabel('원정 팀 투수 이닝 합계').getByText('7이닝').waitFor();
    await user.click(page.getByRole('button', { name: '기록 저장' }));
    await page.getByText('경기 기록을 저장했습니다.').waitFor();
    console.log(`AFTER clicks=${user.counts.clicks} keys=${user.counts.keys}`);
    expect(user.counts.clicks).toBeLessThanOrEqual(15);
    expect(user.counts.keys).toBeLessThanOrEqual(150);

    const record = (await api.call('GET', `/api/league/game/${gameId}/record`)).body.data;
    for (const side of ['away', 'home'] as const) {
      expect(
        record[side].batting.map((l: Record<string, number>) => battingKeys.map((k) => l[k])),
      ).toEqual(testGame[side].batting);
      expect(record[side].batting.map((l: { playerId: number }) => l.playerId)).toEqual(
        players[side].slice(0, 9),
      );
      expect(record[side].pitching.map((l: { outs: number }) => l.outs)).toEqual(
        testGameOuts[side],
      );
    }
    expect(record.innings).toEqual(testGame.innings);
  });
});
