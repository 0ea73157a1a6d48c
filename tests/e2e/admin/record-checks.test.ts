/**
 * The scorer's screen runs the box-score checks before anything is sent: errors (a team's RBI
 * more than its runs, ER more than R, two winning pitchers) show with their Korean messages on
 * their fields and nothing is saved; warnings (five steals by one batter, a pitcher with more outs
 * than batters faced) show, and a second 저장 saves the record as entered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accounts, baseUrl, launchBrowser, logIn, newPage } from './helpers.ts';
import { adminApi, makeLeague } from './fixtures.ts';
import { pasteTestGame, rosterAndGames } from './record-game.ts';

let browser: Browser;
let page: Page;
let api: Awaited<ReturnType<typeof adminApi>>;
let league: Awaited<ReturnType<typeof makeLeague>>;
let gameId: number;
/** API calls the screen makes, to prove an error sends nothing */
const writes: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  const opened = await newPage(browser, { width: 1280, height: 900 });
  page = opened.page;
  await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: baseUrl(),
  });
  page.on('request', (r) => {
    if (r.method() !== 'GET' && r.url().includes('/record'))
      writes.push(`${r.method()} ${r.url()}`);
  });
  api = await adminApi();
  league = await makeLeague(api, `기록 검사 리그 ${Date.now() % 100000}`);
  [gameId] = await rosterAndGames(api, league);
  await logIn(page, accounts.scorer, `/admin/league/game/write/${league.leagueId}/${gameId}`);
  await page.locator('form.record-form').waitFor();
  // The valid test game (away wins 3:1), pasted as from a spreadsheet.
  await pasteTestGame(page);
});
afterAll(async () => browser?.close());

const cell = (label: string) => page.getByLabel(label, { exact: true });
const hasRecord = async () =>
  (await api.call('GET', `/api/league/game/${gameId}/record`)).body.data.hasRecord as boolean;
const focusedLabel = () =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
/** The name of the player in a player cell ('1 김민준' → '김민준'). */
const playerName = async (label: string) => (await cell(label).inputValue()).replace(/^\d+ /, '');
/** The message tied to a cell through aria-describedby. */
async function messageOf(label: string): Promise<string> {
  const ids = await cell(label).getAttribute('aria-describedby');
  expect(ids, label).toBeTruthy();
  const texts = [];
  for (const id of (ids ?? '').split(' ')) texts.push(await page.locator(`#${id}`).textContent());
  return texts.join('\n');
}

describe("box-score checks on the scorer's screen", () => {
  it('shows each error with its Korean message on its field before saving, and saves nothing', async () => {
    const team = league.away.teamName;
    // Away runs 1 + 2 = 3; RBI 1 + 2 = 3. Batter 3's RBI 2 → 3 makes the team's RBI 4 > 3 runs.
    await cell('원정 팀 타자 3 타점').fill('3');
    // Home pitcher 1 gave up R 2; ER 3 > R 2.
    await cell('홈 팀 투수 1 자책').fill('3');
    // Both away pitchers marked 승.
    await cell('원정 팀 투수 1 결과').fill('W');
    await cell('원정 팀 투수 2 결과').fill('승');
    await page.getByRole('button', { name: '기록 저장' }).click();
    const summary = page.locator('.error-summary');
    await summary.waitFor();
    const items = await summary.locator('li').allTextContents();
    expect(items).toContain(
      `원정 팀 ${team} 타격: 원정 팀 타점 합계(4)는 팀 득점(3)보다 많을 수 없습니다.`,
    );
    expect(items.some((t) => t.endsWith('자책: 자책점(3)은 실점(2)보다 많을 수 없습니다.'))).toBe(
      true,
    );
    expect(items.some((t) => t.endsWith('결과: 승리 투수는 한 명만 정할 수 있습니다.'))).toBe(true);
    // each on its own cell
    expect(await cell('홈 팀 투수 1 자책').getAttribute('aria-invalid')).toBe('true');
    expect(await messageOf('홈 팀 투수 1 자책')).toContain(
      '자책점(3)은 실점(2)보다 많을 수 없습니다.',
    );
    expect(await cell('원정 팀 투수 2 결과').getAttribute('aria-invalid')).toBe('true');
    expect(await messageOf('원정 팀 투수 2 결과')).toContain(
      '승리 투수는 한 명만 정할 수 있습니다.',
    );
    // the first 승 is not the one in error
    expect(await cell('원정 팀 투수 1 결과').getAttribute('aria-invalid')).toBeNull();
    expect(writes).toEqual([]);
    expect(await hasRecord()).toBe(false);
  });

  it('says innings in innings and a team’s totals on the cells they add up, each link taking the focus there', async () => {
    await cell('원정 팀 타자 3 타점').fill('2');
    await cell('홈 팀 투수 1 자책').fill('2');
    await cell('원정 팀 투수 2 결과').fill('');
    // 7 + 1 innings for a 7-inning game; 5 hits in 3 at-bats
    await cell('원정 팀 투수 1 이닝').fill('7');
    await cell('원정 팀 타자 1 안타').fill('5');
    await page.getByRole('button', { name: '기록 저장' }).click();
    const summary = page.locator('.error-summary');
    await summary.waitFor();
    const items = await summary.locator('li').allTextContents();
    const away = league.away.teamName;
    expect(items).toContain(
      `원정 팀 ${away} 투구: 원정 팀 투수 이닝 합계(8이닝)가 홈 팀 공격 이닝(7이닝)과 맞지 않습니다.`,
    );
    expect(items).toContain(
      `원정 팀 ${away} 타자 1행(${await playerName('원정 팀 타자 1 선수')}) 안타: 안타(5)는 타수(3)보다 많을 수 없습니다.`,
    );
    // nothing about the 병살타 nobody typed
    expect(items.filter((t) => t.includes('병살타'))).toEqual([]);
    // both pitchers' 이닝 cells are marked and tied to the message
    for (const label of ['원정 팀 투수 1 이닝', '원정 팀 투수 2 이닝']) {
      expect(await cell(label).getAttribute('aria-invalid')).toBe('true');
      expect(await messageOf(label)).toContain('이닝 합계(8이닝)');
    }
    // every link of the summary leads to an element of the page
    const targets = await summary
      .locator('a')
      .evaluateAll((links) =>
        links.map((a) => document.getElementById((a.getAttribute('href') ?? '').slice(1)) !== null),
      );
    expect(targets.length).toBeGreaterThanOrEqual(3);
    expect(targets.every(Boolean)).toBe(true);
    await summary.getByRole('link', { name: `원정 팀 ${away} 투구` }).click();
    expect(await focusedLabel()).toBe('원정 팀 투수 1 이닝');
    // the hits total against the home pitchers' hits allowed: on the home pitchers' 피안타
    const hits = summary.locator('li', { hasText: '피안타 합계(6)가 원정 팀 안타 합계(10)' });
    await hits.getByRole('link').click();
    expect(await focusedLabel()).toBe('홈 팀 투수 1 피안타');
    // said again under the table it concerns
    expect(await page.locator('.near-table', { hasText: '이닝 합계(8이닝)' }).count()).toBe(1);
    expect(writes).toEqual([]);
    expect(await hasRecord()).toBe(false);
  });

  it('shows the warnings before saving, and saves the record when asked again', async () => {
    await cell('원정 팀 투수 1 이닝').fill('6');
    await cell('원정 팀 타자 1 안타').fill('1');
    // Five steals by batter 8.
    await cell('원정 팀 타자 8 도루').fill('5');
    // Away pitcher 2: 1 inning (3 outs) against 2 batters; pitcher 1 takes the third (22 → 23),
    // so the staff's batters faced stay 22 + 3 = 23 + 2 = 25.
    await cell('원정 팀 투수 2 상대타자').fill('2');
    await cell('원정 팀 투수 1 상대타자').fill('23');
    await page.getByRole('button', { name: '기록 저장' }).click();
    const warning = page.locator('.warning-summary');
    await warning.or(page.locator('.error-summary')).first().waitFor();
    expect(await page.locator('.error-summary li').allTextContents()).toEqual([]);
    const items = await warning.locator('li').allTextContents();
    expect(
      items.some((t) =>
        t.endsWith(
          '도루: 도루 5개는 한 경기 기록으로 드뭅니다. 잘못 입력하지 않았는지 확인해 주세요.',
        ),
      ),
    ).toBe(true);
    expect(items.some((t) => t.includes('아웃 수(3)가 상대 타자 수(2)보다 많습니다.'))).toBe(true);
    expect(await messageOf('원정 팀 타자 8 도루')).toContain('도루 5개는');
    expect(await messageOf('원정 팀 투수 2 이닝')).toContain('상대 타자 수(2)보다 많습니다');
    expect(writes).toEqual([]);
    expect(await hasRecord()).toBe(false);

    await page.getByRole('button', { name: '기록 저장' }).click();
    await page.getByText('경기 기록을 저장했습니다.').waitFor();
    // the save itself (sent again once after a token refresh: tokens last 5 s in this suite)
    expect(writes.length).toBeGreaterThan(0);
    for (const w of writes)
      expect(w).toMatch(new RegExp(`^PUT .*/api/league/game/${gameId}/record$`));
    const record = (await api.call('GET', `/api/league/game/${gameId}/record`)).body.data;
    expect(record.hasRecord).toBe(true);
    expect(record.away.batting[7].sb).toBe(5);
    expect(record.away.pitching[1]).toMatchObject({ outs: 3, bf: 2 });
    expect(record.away.pitching[0]).toMatchObject({ bf: 23, decision: 'W' });
  });
});
