import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accounts, launchBrowser, logIn, newPage } from './helpers.ts';
import { adminApi } from './fixtures.ts';

let browser: Browser;
let page: Page;
let api: Awaited<ReturnType<typeof adminApi>>;
const ctx = {
  mainId: 0,
  activeSeasonId: 0,
  seasonId: 0,
  seasonName: '',
  leagueId: 0,
  leagueName: '',
  gameId: 0,
};

/** Next season set up before it starts: a 2027 season (not active) with a league, two teams and a game. */
beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
  api = await adminApi();
  const config = (await api.call('GET', '/api/common/config')).body.data;
  ctx.mainId = config.defaultMainId;
  ctx.activeSeasonId = config.activeSeason.seasonId;
  const seasons = (await api.call('GET', `/api/league/main/${ctx.mainId}/season`)).body
    .data as Array<{ seasonId: number; seasonName: string; year: number }>;
  let season = seasons.find((s) => s.year === 2027);
  if (!season) {
    const made = await api.call('POST', `/api/league/main/${ctx.mainId}/season`, {
      seasonName: '2027 시즌',
      year: 2027,
    });
    if (made.status >= 300) throw new Error(`season: ${JSON.stringify(made.body)}`);
    season = made.body.data;
  }
  ctx.seasonId = season!.seasonId;
  ctx.seasonName = season!.seasonName;
  ctx.leagueName = `2027 맥락 리그 ${Date.now() % 100000}`;
  const base = `/api/league/main/${ctx.mainId}/season/${ctx.seasonId}/league`;
  const league = await api.call('POST', base, {
    leagueName: ctx.leagueName,
    startDate: '2027-03-01',
    endDate: '2027-11-30',
  });
  if (league.status >= 300) throw new Error(`league: ${JSON.stringify(league.body)}`);
  ctx.leagueId = league.body.data.leagueId;
  const notIn = (await api.call('GET', `${base}/${ctx.leagueId}/notIn`)).body.data as Array<{
    teamId: number;
  }>;
  const teams = notIn.slice(0, 2).map((t) => t.teamId);
  await api.call('POST', `${base}/${ctx.leagueId}/teams`, { teams });
  const game = await api.call('POST', `/api/league/league/${ctx.leagueId}/schedule/game`, {
    date: '2027-04-10',
    homeTeamId: teams[0],
    awayTeamId: teams[1],
  });
  if (game.status >= 300) throw new Error(`game: ${JSON.stringify(game.body)}`);
  ctx.gameId = game.body.data.gameId;
  await logIn(page, accounts.admin);
});
afterAll(async () => browser?.close());

/** Views stay mounted when hidden (kept for going back), so only the visible one counts. */
const context = () => page.locator('[data-testid="work-context"]:visible');
const leagueSelect = () =>
  page.locator('select:visible').and(page.getByLabel('리그', { exact: true }));
const query = () => Object.fromEntries(new URL(page.url()).searchParams);

async function expectOn2027League() {
  await context().filter({ hasText: ctx.leagueName }).waitFor();
  expect(await context().textContent()).toContain(ctx.seasonName);
}

describe('every console link carries its season and league', () => {
  it('리그 관리 → 일정 of a 2027 league opens that league in 2027, not the active season', async () => {
    await page.goto(`/admin/league/list?season=${ctx.seasonId}`);
    await page.getByRole('link', { name: `${ctx.leagueName} 일정`, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: `${ctx.leagueName} 경기 일정` }).waitFor();
    expect(query()).toMatchObject({ season: String(ctx.seasonId), league: String(ctx.leagueId) });
    await expect.poll(() => leagueSelect().inputValue()).toBe(String(ctx.leagueId));
    await expectOn2027League();
  });

  it('the upload screen’s 경기 일정 보기 lands on the same 2027 league', async () => {
    await page.goto(`/admin/league/${ctx.seasonId}/${ctx.leagueId}/schedule/uploadFile`);
    await expectOn2027League();
    await page.getByRole('link', { name: '경기 일정 보기' }).click();
    await page.getByRole('heading', { level: 1, name: `${ctx.leagueName} 경기 일정` }).waitFor();
    expect(query()).toMatchObject({ season: String(ctx.seasonId), league: String(ctx.leagueId) });
  });

  it('the record screen’s 경기 목록 lands on the 2027 league’s games', async () => {
    await page.goto(`/admin/league/game/write/${ctx.leagueId}/${ctx.gameId}`);
    await expectOn2027League();
    await page.getByRole('link', { name: '경기 목록' }).click();
    await page.getByRole('table', { name: '경기 목록' }).waitFor();
    expect(query()).toMatchObject({ season: String(ctx.seasonId), league: String(ctx.leagueId) });
    await expect.poll(() => leagueSelect().inputValue()).toBe(String(ctx.leagueId));
    await expectOn2027League();
  });

  it('a league without its season in the address finds its own season', async () => {
    await page.goto(`/admin/league/gamelist?league=${ctx.leagueId}`);
    await expectOn2027League();
    expect(query()).toMatchObject({ season: String(ctx.seasonId), league: String(ctx.leagueId) });
  });

  it('a league that is not in the chosen season is said so, and no other league is picked', async () => {
    await page.goto(`/admin/league/schedule?season=${ctx.activeSeasonId}&league=${ctx.leagueId}`);
    await page.getByText(`주소의 리그(${ctx.leagueId}번)는`).waitFor();
    await expect.poll(() => leagueSelect().inputValue()).toBe('');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('경기 일정');
  });

  it('opening a league screen from the menu asks for the league instead of choosing one', async () => {
    await page.goto('/admin/league/gamelist');
    await page.getByText('리그를 고르면 그 리그의 경기와 기록 상태가 나옵니다.').waitFor();
    await expect.poll(() => leagueSelect().inputValue()).toBe('');
  });
});
