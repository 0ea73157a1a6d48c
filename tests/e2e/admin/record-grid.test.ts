import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accounts, baseUrl, launchBrowser, logIn, newPage, storedUser } from './helpers.ts';
import { adminApi, makeLeague } from './fixtures.ts';
import { sheetGame, sheetGameFigures } from './scoresheet-game.ts';
import {
  copyToClipboard,
  pasteBlock,
  pasteTestGame,
  rosterAndGames,
  testGame,
  tsv,
} from './record-game.ts';

let browser: Browser;
let page: Page;
let api: Awaited<ReturnType<typeof adminApi>>;
let league: Awaited<ReturnType<typeof makeLeague>>;
const games: number[] = [];
const dialogs: string[] = [];

const writePath = (gameId: number) => `/admin/league/game/write/${league.leagueId}/${gameId}`;

beforeAll(async () => {
  browser = await launchBrowser();
  const opened = await newPage(browser, { width: 1280, height: 900 });
  page = opened.page;
  await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: baseUrl(),
  });
  page.on('dialog', (d) => {
    dialogs.push(d.type());
    // Leaving is confirmed for reloads; the in-console link is refused to show it stays.
    void (d.type() === 'confirm' ? d.dismiss() : d.accept());
  });
  api = await adminApi();
  league = await makeLeague(api, `기록 격자 리그 ${Date.now() % 100000}`);
  games.push(...(await rosterAndGames(api, league, 4)));
  await logIn(page, accounts.scorer, writePath(games[0]));
  await page.locator('form.record-form').waitFor();
});
afterAll(async () => browser?.close());

const cell = (label: string) => page.getByLabel(label, { exact: true });
const focusedLabel = () =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);

describe('the record grid', () => {
  it('has no page-wide sideways scroll at 1280 px and keeps the player column in view', async () => {
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      window: document.documentElement.clientWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.window);
    const sticky = await cell('원정 팀 타자 1 선수').evaluate(
      (el) => getComputedStyle(el.closest('th') as Element).position,
    );
    expect(sticky).toBe('sticky');
  });

  it('selects a number cell’s content on focus: typing "1" into a "0" cell gives 1', async () => {
    await cell('원정 팀 타자 1 도루').fill('0');
    await cell('원정 팀 타자 1 실책').click();
    await cell('원정 팀 타자 1 도루').click();
    await page.keyboard.type('1');
    expect(await cell('원정 팀 타자 1 도루').inputValue()).toBe('1');
  });

  it('moves like a spreadsheet: Enter goes down, arrows go across', async () => {
    await cell('원정 팀 타자 1 타수').click();
    await page.keyboard.press('Enter');
    expect(await focusedLabel()).toBe('원정 팀 타자 2 타수');
    await page.keyboard.press('ArrowRight');
    expect(await focusedLabel()).toBe('원정 팀 타자 2 안타');
    await page.keyboard.press('ArrowDown');
    expect(await focusedLabel()).toBe('원정 팀 타자 3 안타');
  });

  it('fills the grid from a pasted block of 9 × 16 cells', async () => {
    await pasteBlock(page, '원정 팀 타자 1 타수', tsv(testGame.away.batting));
    expect(await cell('원정 팀 타자 1 타석').inputValue()).toBe('4');
    expect(await cell('원정 팀 타자 9 삼진').inputValue()).toBe('1');
    expect(await cell('원정 팀 타자 3 홈런').inputValue()).toBe('1');
    expect(await cell('원정 팀 안타 합계').textContent()).toBe('6');
    expect(await cell('원정 팀 타점 합계').textContent()).toBe('3');
  });

  it('takes innings as 4.2 or 2⅓ and shows the total as 6⅔이닝', async () => {
    await cell('원정 팀 투수 1 이닝').fill('4.2');
    await cell('원정 팀 투수 2 이닝').fill('2');
    expect(await cell('원정 팀 투수 이닝 합계').textContent()).toContain('6⅔이닝');
    await cell('원정 팀 투수 2 이닝').fill('2⅓');
    expect(await cell('원정 팀 투수 이닝 합계').textContent()).toContain('7이닝');
  });

  it('lets a removed line come back', async () => {
    await cell('원정 팀 타자 2 빼기').click();
    expect(await cell('원정 팀 타자 2 안타').inputValue()).toBe('1');
    await page.getByRole('button', { name: '되돌리기' }).click();
    expect(await cell('원정 팀 타자 2 안타').inputValue()).toBe('2');
    expect(await cell('원정 팀 타자 2 2루타').inputValue()).toBe('1');
  });

  it('shows every problem in one save, naming team, row and field, each tied to its cell', async () => {
    await cell('원정 팀 타자 1 안타').fill('5');
    await cell('원정 팀 타자 4 도루').fill('x');
    await page.getByRole('button', { name: '기록 저장' }).click();
    const summary = page.locator('.error-summary');
    await summary.waitFor();
    const items = await summary.locator('li').allTextContents();
    const team = league.away.teamName;
    // no players chosen: each batter row says so, along with the cell checks and the cross-checks
    expect(items).toContain(
      `원정 팀 ${team} 타자 1행 선수: 선수를 적어 주세요. 등번호나 이름을 적으면 됩니다.`,
    );
    expect(items).toContain(`원정 팀 ${team} 타자 4행 도루: 0 이상의 정수를 적어 주세요.`);
    expect(
      items.some((t) => t.startsWith(`원정 팀 ${team} 타자 1행 안타: 안타(5)는 타수(3)`)),
    ).toBe(true);
    expect(items.some((t) => t.includes('이닝별 득점 합계'))).toBe(true);
    const describedBy = await cell('원정 팀 타자 1 안타').getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    expect(await page.locator(`#${describedBy}`).textContent()).toContain('안타(5)는 타수(3)');
    expect(await cell('원정 팀 타자 1 안타').getAttribute('aria-invalid')).toBe('true');
    expect((await api.call('GET', `/api/league/game/${games[0]}/record`)).body.data.hasRecord).toBe(
      false,
    );
  });

  it('keeps the draft of the game across a reload, with a leave-page warning', async () => {
    await cell('원정 팀 타자 5 타점').fill('7');
    // an in-console link asks first (refused here), the reload asks the browser's way
    await page.getByRole('link', { name: '경기 목록' }).click();
    expect(dialogs).toContain('confirm');
    expect(new URL(page.url()).pathname).toBe(writePath(games[0]));
    await page.reload();
    expect(dialogs).toContain('beforeunload');
    await page.locator('form.record-form').waitFor();
    await page.getByText('이 브라우저에서 되살렸습니다').waitFor();
    expect(await cell('원정 팀 타자 5 타점').inputValue()).toBe('7');
    expect(await cell('원정 팀 타자 1 타석').inputValue()).toBe('4');
  });

  it('keeps the draft across a logout and a new login', async () => {
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: '로그아웃' }).click();
    // The logout reloads the page and the console then sends the signed-out scorer on to the login
    // form; opening the form before both are done would race the console's own navigation.
    await reloaded;
    await page.waitForURL(
      (url) =>
        url.pathname === '/admin/login' && url.searchParams.get('next') === writePath(games[0]),
      { timeout: 15_000 },
    );
    await page.getByRole('heading', { name: '관리자 로그인' }).waitFor();
    expect(await storedUser(page)).toBeNull();
    await logIn(page, accounts.scorer, writePath(games[0]));
    await page.locator('form.record-form').waitFor();
    expect(await cell('원정 팀 타자 5 타점').inputValue()).toBe('7');
  });

  it('warns of an unlikely number before saving, and saves when asked again', async () => {
    await page.goto(writePath(games[1]));
    await page.locator('form.record-form').waitFor();
    await pasteTestGame(page);
    await cell('원정 팀 타자 8 도루').fill('5');
    await page.getByRole('button', { name: '기록 저장' }).click();
    const warning = page.locator('.warning-summary');
    await warning.or(page.locator('.error-summary')).first().waitFor();
    expect(await page.locator('.error-summary li').allTextContents()).toEqual([]);
    expect(await warning.textContent()).toContain('도루 5개는 한 경기 기록으로 드뭅니다.');
    expect((await api.call('GET', `/api/league/game/${games[1]}/record`)).body.data.hasRecord).toBe(
      false,
    );
    await page.getByRole('button', { name: '기록 저장' }).click();
    await page.getByText('경기 기록을 저장했습니다.').waitFor();
    const record = (await api.call('GET', `/api/league/game/${games[1]}/record`)).body.data;
    expect(record.away.batting[7].sb).toBe(5);
    // the saved game's draft is gone: a reload shows the record, not a draft
    await page.reload();
    await page.locator('form.record-form').waitFor();
    expect(await page.getByText('이 브라우저에서 되살렸습니다').count()).toBe(0);
  });

  it('numbers the batting order and the pitchers from the lines as they stand: a removed first line leaves no gap', async () => {
    await page.goto(writePath(games[2]));
    await page.locator('form.record-form').waitFor();
    await pasteTestGame(page);
    // the away blocks again, each with a line above it that is no player's (a title copied along)
    await pasteBlock(
      page,
      '원정 팀 타자 1 선수',
      tsv([
        [league.away.teamName, '타격'],
        ...testGame.away.batting.map((row, i) => [`${i + 1}`, '', ...row]),
      ]),
    );
    await pasteBlock(
      page,
      '원정 팀 투수 1 선수',
      tsv([
        [league.away.teamName, '투구'],
        ...testGame.away.pitching.map((row, i) => [`${10 + i}`, ...row]),
      ]),
    );
    expect(await cell('원정 팀 타자 10 타수').inputValue()).toBe('3');
    await cell('원정 팀 타자 1 빼기').click();
    await cell('원정 팀 투수 1 빼기').click();
    // the orders shown follow the lines: 1 … 9 and 1, 2
    expect(await cell('원정 팀 타자 1 타순').textContent()).toBe('1');
    expect(await cell('원정 팀 타자 9 타순').textContent()).toBe('9');
    expect(await cell('원정 팀 투수 2 등판 순서').textContent()).toBe('2');
    await page.getByRole('button', { name: '기록 저장' }).click();
    await page.getByText('경기 기록을 저장했습니다.').waitFor();
    const record = (await api.call('GET', `/api/league/game/${games[2]}/record`)).body.data;
    expect(record.away.batting.map((l: { battingOrder: number }) => l.battingOrder)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    expect(record.away.pitching.map((l: { seq: number }) => l.seq)).toEqual([1, 2]);
  });

  it('marks a substitute with 교체: he bats in the place of the line above', async () => {
    await page.getByRole('button', { name: '원정 팀 타자 추가' }).click();
    // the tenth line: a pinch hitter for the ninth batter, one at-bat taken from him
    await cell('원정 팀 타자 10 선수').fill('11');
    await cell('원정 팀 타자 9 타수').fill('2');
    await cell('원정 팀 타자 9 타석').fill('');
    await cell('원정 팀 타자 10 타수').fill('1');
    await cell('원정 팀 타자 10 교체').check();
    expect(await cell('원정 팀 타자 10 타순').textContent()).toBe('9');
    await page.getByRole('button', { name: '기록 저장' }).click();
    await page.getByText('경기 기록을 저장했습니다.').waitFor();
    const record = (await api.call('GET', `/api/league/game/${games[2]}/record`)).body.data;
    expect(
      record.away.batting
        .slice(-2)
        .map((l: { battingOrder: number; seq: number; pa: number }) => [
          l.battingOrder,
          l.seq,
          l.pa,
        ]),
    ).toEqual([
      [9, 1, 2],
      [9, 2, 1],
    ]);
  });

  it('reads a sheet’s header in a scoresheet’s order, shows where each column and line goes, and only then fills the grid', async () => {
    await page.goto(writePath(games[3]));
    await page.locator('form.record-form').waitFor();
    // the player cell takes a paste as it is: no list to open first
    expect(await cell('홈 팀 타자 1 선수').evaluate((el) => el.tagName)).toBe('INPUT');
    const names = async (side: 'away' | 'home') =>
      (await page
        .locator(`#${side}-roster option`)
        .evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value))) as string[];
    const roster = { away: await names('away'), home: await names('home') };
    const nameOf = (side: 'away' | 'home', no: number) =>
      (roster[side].find((v) => v.startsWith(`${no} `)) ?? '').replace(/^\d+ /, '');
    const sheet = (side: 'away' | 'home') =>
      tsv([
        [
          '이름',
          '타수',
          '득점',
          '안타',
          '타점',
          '볼넷',
          '삼진',
          '2루타',
          '홈런',
          '도루',
          '희비',
          '희타',
          '타율',
        ],
        ...sheetGame[side].batting.map((b) => [
          nameOf(side, b.no),
          b.ab,
          b.r ?? 0,
          b.h ?? 0,
          b.rbi ?? 0,
          b.bb ?? 0,
          b.so ?? 0,
          b.b2 ?? 0,
          b.hr ?? 0,
          b.sb ?? 0,
          b.sf ?? 0,
          b.sh ?? 0,
          '.333',
        ]),
        ['합계', '', '', '', '', '', '', '', '', '', '', '', ''],
      ]);

    // Escape leaves the grid as it was
    await copyToClipboard(page, sheet('home'));
    await cell('홈 팀 타자 1 선수').click();
    await page.keyboard.press('Control+V');
    const preview = page.getByRole('group', { name: /홈 팀 타격에 붙여 넣기 전에 확인해 주세요/ });
    await preview.waitFor();
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });
    expect(await cell('홈 팀 타자 1 타수').inputValue()).toBe('');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      '홈 팀 타자 1 선수',
    );

    await page.keyboard.press('Control+V');
    await preview.waitFor();
    expect(await preview.textContent()).toContain('첫 줄을 제목 줄로 읽었습니다.');
    const columns = await preview
      .locator('table.paste-columns tbody tr')
      .evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => c.textContent)));
    expect(columns.slice(0, 7)).toEqual([
      ['이름', '선수'],
      ['타수', '타수'],
      ['득점', '득점'],
      ['안타', '안타'],
      ['타점', '타점'],
      ['볼넷', '볼넷'],
      ['삼진', '삼진'],
    ]);
    expect(columns.at(-1)).toEqual(['타율', '넣지 않음 (알 수 없는 열)']);
    const lines = await preview.locator('table.paste-rows tbody tr').allTextContents();
    expect(lines[0]).toBe(`2${nameOf('home', 1)}타자 1행: 1 ${nameOf('home', 1)}`);
    expect(lines.at(-1)).toBe('11합계합계 줄이라 넣지 않습니다');
    // nothing is in the grid until 붙여 넣기
    expect(await cell('홈 팀 타자 1 타수').inputValue()).toBe('');
    await preview.getByRole('button', { name: '붙여 넣기' }).click();
    await preview.waitFor({ state: 'detached' });
    expect(await cell('홈 팀 타자 1 선수').inputValue()).toBe(`1 ${nameOf('home', 1)}`);
    expect(
      await Promise.all(
        ['타수', '득점', '안타', '볼넷', '삼진'].map((l) => cell(`홈 팀 타자 1 ${l}`).inputValue()),
      ),
    ).toEqual(['2', '1', '1', '1', '0']);
    expect(await cell('홈 팀 타자 8 희생번트').inputValue()).toBe('1');
    expect(await cell('홈 팀 타자 9 선수').inputValue()).toBe(`9 ${nameOf('home', 9)}`);
    // what the paste did is said beside the table it went into, on screen
    const note = page
      .locator('section[aria-labelledby="home-lines"]')
      .getByRole('status')
      .filter({ hasText: '홈 팀 타격에 9줄을 붙여 넣었습니다.' });
    expect(await note.textContent()).toBe(
      '홈 팀 타격에 9줄을 붙여 넣었습니다. 제목 줄은 넣지 않았습니다. 넣지 않은 열: 타율.',
    );
    const onScreen = await note.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    });
    expect(onScreen).toBe(true);

    // the rest of the sheet: the other batting block, the pitchers under English headers, the line score
    await pasteBlock(page, '원정 팀 타자 1 선수', sheet('away'));
    for (const side of ['away', 'home'] as const)
      await pasteBlock(
        page,
        `${side === 'away' ? '원정 팀' : '홈 팀'} 투수 1 선수`,
        tsv([
          ['No', 'IP', 'H', 'R', 'ER', 'BB', 'SO', 'HR', 'W/L'],
          ...sheetGame[side].pitching.map((p) => [
            p.no,
            p.ip,
            p.h ?? 0,
            p.r ?? 0,
            p.er ?? 0,
            p.bb ?? 0,
            p.so ?? 0,
            p.hr ?? 0,
            p.decision ?? '',
          ]),
        ]),
      );
    await copyToClipboard(page, tsv([sheetGame.innings.away, sheetGame.innings.home]));
    await cell('원정 팀 1회 득점').click();
    await page.keyboard.press('Control+V');
    await page.getByRole('button', { name: '기록 저장' }).click();
    await page.getByText('경기 기록을 저장했습니다.').waitFor();
    const record = (await api.call('GET', `/api/league/game/${games[3]}/record`)).body.data;
    for (const side of ['away', 'home'] as const) {
      expect(record[side].batting.map((l: { pa: number }) => l.pa)).toEqual(
        sheetGameFigures.pa[side],
      );
      expect(record[side].pitching.map((l: { bf: number }) => l.bf)).toEqual(
        sheetGameFigures.bf[side],
      );
    }
    expect(record.away.batting[2]).toMatchObject({ ab: 4, r: 1, h: 2, rbi: 2, hr: 1 });
  });
});
