import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { accounts, baseUrl, launchBrowser, newPage, passwordOf } from './helpers.ts';
import { adminApi, makeLeague, seoulToday } from './fixtures.ts';

/**
 * The live game (decision 149): a scorer at 375 px taps through two innings while a fan's page in
 * another browser context follows without a reload; the taps survive the network going away; a
 * page without JavaScript shows the score; ending the game fills the record form.
 */

const phone = { width: 375, height: 812 };
const shots = resolve(import.meta.dirname, '../../../docs/screenshots');

let browser: Browser;
let scorer: { context: BrowserContext; page: Page; errors: string[] };
let fan: { context: BrowserContext; page: Page; errors: string[] };
let game: { leagueId: number; gameId: number };
const livePath = () => `/api/league/game/${game.gameId}/live`;
const boxPath = () => `/sbsa/result/game/${game.leagueId}/${game.gameId}`;

/** The live read as anyone sees it. */
async function liveNow() {
  const res = await fetch(`${baseUrl()}${livePath()}`, { cache: 'no-store' });
  return (
    (await res.json()) as {
      data: {
        statusLabel: string;
        live: {
          away: number[];
          home: number[];
          seq: number;
          awayRuns: number;
          homeRuns: number;
        } | null;
      };
    }
  ).data;
}

/** Loads a public page until it says what is expected; the time it took. */
async function reloadUntil(
  page: Page,
  path: string,
  text: string,
  limitMs = 15_000,
): Promise<number> {
  const started = Date.now();
  for (;;) {
    const res = await page.goto(path);
    if (res?.status() === 200 && (await page.locator('main').innerText()).includes(text))
      return Date.now() - started;
    if (Date.now() - started > limitMs)
      throw new Error(`${path} did not show ${text} within ${limitMs} ms`);
    await page.waitForTimeout(100);
  }
}

const scoreOf = (page: Page) => page.locator('.scoreboard__score').innerText();
const pending = (page: Page) => page.locator('.live-scorer__pending strong').innerText();
const tap = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).click();

beforeAll(async () => {
  browser = await launchBrowser();
  const api = await adminApi();
  const league = await makeLeague(api, `실시간 리그 ${Date.now() % 100000}`);
  const made = await api.call('POST', `/api/league/league/${league.leagueId}/schedule/game`, {
    date: seoulToday(),
    time: '10:00',
    homeTeamId: league.home.teamId,
    awayTeamId: league.away.teamId,
  });
  expect(made.status).toBe(201);
  game = { leagueId: league.leagueId, gameId: made.body.data.gameId };
  scorer = await newPage(browser, phone);
  fan = await newPage(browser, phone);
  // the new league's pages and the game's own go live with the builds its creation started
  await reloadUntil(fan.page, boxPath(), '예정', 180_000);
  // at 375 px the console's menu folds away: the screen's heading says the sign-in went through
  const screen = `/admin/league/game/live/${game.leagueId}/${game.gameId}`;
  await scorer.page.goto(`/admin/login?next=${encodeURIComponent(screen)}`);
  await scorer.page.getByLabel('이메일').fill(accounts.scorer);
  await scorer.page.getByLabel('비밀번호').fill(passwordOf(accounts.scorer));
  await scorer.page.getByRole('button', { name: '로그인' }).click();
  await scorer.page.getByRole('heading', { level: 1, name: /실시간 입력/ }).waitFor();
}, 240_000);
afterAll(async () => browser?.close());

describe('the live game', () => {
  it('starts the game from the scorer screen, and a page reloaded without JavaScript says 경기 중 with the score', async () => {
    await scorer.page.getByRole('button', { name: '경기 시작' }).click();
    await expect.poll(() => pending(scorer.page)).toBe('0');
    expect((await liveNow()).statusLabel).toBe('경기 중');
    const noScript = await browser.newContext({
      viewport: phone,
      javaScriptEnabled: false,
      baseURL: baseUrl(),
    });
    const page = await noScript.newPage();
    await reloadUntil(page, boxPath(), '경기 중');
    await tap(scorer.page, '득점 +1');
    // the page the publisher renders after the tap, read without JavaScript
    const took = await reloadUntil(page, boxPath(), '1 : 0');
    console.log(`no-JavaScript reload shows a tap after ${took} ms`);
    expect(took).toBeLessThan(2000);
    expect(await page.locator('.status--live').first().innerText()).toBe('경기 중');
    expect(await page.getByRole('table', { name: /이닝별 점수/ }).innerText()).toContain('1');
    // the home page, the results and the schedule list it as 경기 중 with its score
    for (const path of ['/sbsa', '/sbsa/result/game', '/sbsa/schedule/game']) {
      await reloadUntil(page, path, '경기 중');
      const row = page
        .locator('.game-row', { has: page.locator(`a[href$="/${game.gameId}"]`) })
        .first();
      expect(await row.locator('.game-row__score').innerText()).toBe('1 : 0');
      expect(await row.locator('.status').innerText()).toBe('경기 중');
    }
    // only a live game's page carries the script
    await page.goto('/sbsa');
    expect(await page.locator('[data-live-url]').count()).toBe(0);
    await noScript.close();
  }, 60_000);

  it("shows each tap on a fan's open page without a reload within 2 s (median of 10) through two innings", async () => {
    await fan.page.goto(boxPath());
    expect(await scoreOf(fan.page)).toBe('1 : 0');
    const navigations: string[] = [];
    fan.page.on('framenavigated', (f) => navigations.push(f.url()));
    // two innings: runs and outs, each side, the third out changing sides
    const plan = [
      '득점 +1',
      '아웃 +1',
      '아웃 +1',
      '아웃 +1',
      '득점 +1',
      '득점 +1',
      '아웃 +1',
      '아웃 +1',
      '아웃 +1',
      '득점 +1',
      '아웃 +1',
      '아웃 +1',
      '아웃 +1',
      '득점 +1',
    ];
    const times: number[] = [];
    let away = 1;
    let home = 0;
    let half: 'top' | 'bottom' = 'top';
    let outs = 0;
    for (const name of plan) {
      const started = Date.now();
      await tap(scorer.page, name);
      if (name === '득점 +1') {
        if (half === 'top') away++;
        else home++;
        await fan.page
          .locator('.scoreboard__score', { hasText: `${away} : ${home}` })
          .waitFor({ timeout: 10_000 });
        times.push(Date.now() - started);
      } else if (++outs === 3) {
        outs = 0;
        half = half === 'top' ? 'bottom' : 'top';
      }
    }
    // ten score changes seen: the nine of the plan and one more
    while (times.length < 10) {
      const started = Date.now();
      await tap(scorer.page, '득점 +1');
      if (half === 'top') away++;
      else home++;
      await fan.page
        .locator('.scoreboard__score', { hasText: `${away} : ${home}` })
        .waitFor({ timeout: 10_000 });
      times.push(Date.now() - started);
    }
    const sorted = [...times].sort((a, b) => a - b);
    const median = (sorted[4] + sorted[5]) / 2;
    console.log(`fan page saw taps after ${sorted.join(', ')} ms (median ${median})`);
    expect(median).toBeLessThan(2000);
    expect(navigations).toEqual([]);
    // the line score followed too: two innings, the bottom of the second being played
    const line = await liveNow();
    expect(line.live?.away.length).toBe(2);
    expect(line.live?.home.length).toBe(2);
    const table = fan.page.getByRole('table', { name: /이닝별 점수/ });
    await expect.poll(() => table.locator('thead th').count()).toBe(1 + 2 + 3);
    expect(fan.errors).toEqual([]);
    // docs/screenshots are made again on request, not by every run of the suite:
    // SCREENSHOTS=1 npm run test:repeat -- tests/e2e/admin/live-game.test.ts --times 1
    if (process.env.SCREENSHOTS) {
      mkdirSync(shots, { recursive: true });
      await fan.page.screenshot({ path: `${shots}/live-game-375.png`, fullPage: true });
      await scorer.page.screenshot({ path: `${shots}/live-scorer-375.png`, fullPage: true });
    }
  }, 120_000);

  it('keeps taps made offline and sends each once, in order, when the network is back', async () => {
    const before = await liveNow();
    const seq = before.live?.seq ?? 0;
    await scorer.context.setOffline(true);
    await tap(scorer.page, '안타 +1');
    await tap(scorer.page, '득점 +1');
    await tap(scorer.page, '득점 +1');
    await tap(scorer.page, '되돌리기');
    expect(await pending(scorer.page)).toBe('4');
    // a reload at the field (from the browser's cache of the console) would lose nothing: the taps are stored
    const stored = await scorer.page.evaluate(
      (id) => JSON.parse(localStorage.getItem(`sbsa.live.${id}`) ?? '{}').queue.length,
      game.gameId,
    );
    expect(stored).toBe(4);
    expect((await liveNow()).live?.seq).toBe(seq);
    await scorer.context.setOffline(false);
    await expect.poll(() => pending(scorer.page), { timeout: 10_000 }).toBe('0');
    const after = await liveNow();
    // four taps, four numbers: none lost, none applied twice; the undo took back one run
    expect(after.live?.seq).toBe(seq + 4);
    const runs = (before.live?.awayRuns ?? 0) + (before.live?.homeRuns ?? 0);
    expect((after.live?.awayRuns ?? 0) + (after.live?.homeRuns ?? 0)).toBe(runs + 1);
    expect(scorer.errors).toEqual([]);
  }, 60_000);

  it('ends the game as entered and the record form opens with the line score filled in', async () => {
    const line = (await liveNow()).live;
    scorer.page.once('dialog', (d) => void d.accept());
    await tap(scorer.page, '경기 종료');
    await expect.poll(() => pending(scorer.page)).toBe('0');
    expect((await liveNow()).statusLabel).toBe('결과 입력 대기');
    await scorer.page.getByRole('link', { name: /기록 입력으로/ }).click();
    await scorer.page.getByRole('heading', { level: 1, name: /경기 기록 입력/ }).waitFor();
    for (const [i, runs] of (line?.away ?? []).entries())
      expect(await scorer.page.getByLabel(`원정 팀 ${i + 1}회 득점`).inputValue()).toBe(
        String(runs),
      );
    for (const [i, runs] of (line?.home ?? []).entries())
      expect(await scorer.page.getByLabel(`홈 팀 ${i + 1}회 득점`).inputValue()).toBe(String(runs));
    expect(
      await scorer.page.locator('.hint', { hasText: '실시간으로 입력한 합계' }).innerText(),
    ).toContain(`${line?.awayRuns}점`);
    expect(scorer.errors).toEqual([]);
  }, 60_000);
});
