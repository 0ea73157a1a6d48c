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
import {
  pitcherFigure,
  sheetBattingColumns,
  sheetGame,
  sheetGameFigures,
  typeColumn,
  typeLine,
  typeLineScore,
} from './scoresheet-game.ts';

let browser: Browser;
let page: Page;
let api: Awaited<ReturnType<typeof adminApi>>;
let gameId: number;
let typedGameId: number;
let leagueId: number;
const players: Record<'away' | 'home', number[]> = { away: [], home: [] };

beforeAll(async () => {
  browser = await launchBrowser();
  const opened = await newPage(browser, { width: 1280, height: 800 });
  page = opened.page;
  await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: baseUrl(),
  });
  api = await adminApi();
  const league = await makeLeague(api, `입력 횟수 리그 ${Date.now() % 100000}`);
  for (const side of ['away', 'home'] as const) players[side] = league[side].playerIds.slice(0, 11);
  [gameId, typedGameId] = await rosterAndGames(api, league, 2);
  leagueId = league.leagueId;
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
      await user.press('Control+V');
      // a team's block is shown beside its table first; Enter on 붙여 넣기 applies it
      if (!cell.endsWith('득점')) {
        await page.waitForFunction(() => document.activeElement?.textContent === '붙여 넣기');
        await user.press('Enter');
      }
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

  /**
   * A volunteer with a paper scoresheet and no spreadsheet: 18 batters and 3 pitchers typed column
   * by column (Enter down, a click over blank lines), each pitcher across his line, the line score
   * across, W and L on the pitchers' lines. Only what the sheet gives is typed: 타석 and 상대 타자
   * are filled in. Before decision
   * 141 the same game, typed the same way with 타석, 상대 타자 and every player chosen from a list,
   * took 82 clicks and 185 keystrokes.
   */
  it('takes a whole game typed from a scoresheet at the first save, in at most 40 clicks and 200 keystrokes', async () => {
    await page.goto(`/admin/league/game/write/${leagueId}/${typedGameId}`);
    await page.locator('form.record-form').waitFor();
    const user = countingUser(page);
    const cell = (label: string) => page.getByLabel(label, { exact: true });
    await typeLineScore(page, user);
    for (const side of ['away', 'home'] as const) {
      const name = side === 'away' ? '원정 팀' : '홈 팀';
      const batters = sheetGame[side].batting;
      const column = (label: string, values: ReadonlyArray<number | undefined>) =>
        typeColumn(user, (r) => cell(`${name} 타자 ${r + 1} ${label}`), values);
      await column(
        '선수',
        batters.map((b) => b.no),
      );
      for (const [key, label] of sheetBattingColumns)
        await column(
          label,
          batters.map((b) => b[key]),
        );
      // each pitcher across his line, in the order of the grid's columns
      const headers = await page.locator(`#cell-${side}-pitching thead th`).allTextContents();
      for (const [i, p] of sheetGame[side].pitching.entries())
        await typeLine(
          user,
          headers.map((h) => [
            cell(`${name} 투수 ${i + 1} ${h === '투수' ? '선수' : h}`),
            pitcherFigure(p, h),
          ]),
        );
    }
    // W and L typed on the pitchers' lines are the boxes of the pitchers of record too
    expect(await cell('승리 투수').inputValue()).toBe(String(players.away[9]));
    expect(await cell('패전 투수').inputValue()).toBe(String(players.home[9]));
    await user.click(page.getByRole('button', { name: '기록 저장' }));
    await page.getByText('경기 기록을 저장했습니다.').waitFor();
    console.log(`TYPED clicks=${user.counts.clicks} keys=${user.counts.keys}`);
    expect(user.counts.clicks).toBeLessThanOrEqual(40);
    expect(user.counts.keys).toBeLessThanOrEqual(200);

    const record = (await api.call('GET', `/api/league/game/${typedGameId}/record`)).body.data;
    expect(record.innings).toEqual(sheetGame.innings);
    for (const side of ['away', 'home'] as const) {
      expect(record[side].batting.map((l: { playerId: number }) => l.playerId)).toEqual(
        players[side].slice(0, 9),
      );
      expect(record[side].batting.map((l: { pa: number }) => l.pa)).toEqual(
        sheetGameFigures.pa[side],
      );
      expect(record[side].batting.map((l: { battingOrder: number }) => l.battingOrder)).toEqual([
        1, 2, 3, 4, 5, 6, 7, 8, 9,
      ]);
      expect(record[side].pitching.map((l: { bf: number }) => l.bf)).toEqual(
        sheetGameFigures.bf[side],
      );
      expect(record[side].pitching.map((l: { outs: number }) => l.outs)).toEqual(
        sheetGame[side].pitching.map((p) => p.outs),
      );
    }
    expect(record.away.pitching[0].decision).toBe('W');
    expect(record.home.pitching[0].decision).toBe('L');
  });
});
