import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSiteInBrowser } from './site.ts';
import { pageTypes } from './page-types.ts';
import { paths } from '../../../src/lib/paths.ts';
import { DEMO_TODAY } from '../../../src/server/db/seed/catalog.ts';

// The schedules at 375 px as a fan at the ballpark opens them: at today's month, with 오늘 one tap
// away, filtered by league or team through plain links; a past season's home leads with its champion.
const { site, browser } = await openSiteInBrowser();
const WIDTH = 375;
const HEIGHT = 812;
const types = pageTypes(site.index);
const active = site.index.site.active;
const season = { id: active.id, active: true };
const todayMonth = DEMO_TODAY.slice(0, 7);

async function open(page: Page, path: string): Promise<void> {
  const response = await page.goto(site.origin + path);
  expect(response?.status(), path).toBe(200);
}

/** The ids of the month folds that are open, and of all of them. */
async function months(page: Page): Promise<{ open: string[]; all: string[] }> {
  return page.evaluate(() => {
    const all = [...document.querySelectorAll<HTMLDetailsElement>('details.month')];
    return { open: all.filter((d) => d.open).map((d) => d.id), all: all.map((d) => d.id) };
  });
}

/** Box-score links of the game rows a fan can see (folded months hide theirs). */
async function visibleGameIds(page: Page): Promise<number[]> {
  const hrefs = await page
    .locator('.game-row:visible a.game-row__line')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.map((h) => Number(h.split('/').pop()));
}

describe('the schedule at 375 px', () => {
  it("opens at today's month with the others folded, on the season, league and team schedules", async () => {
    const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
    for (const kind of ['gameSchedule', 'leagueSchedule', 'teamSchedule'] as const) {
      await open(page, types[kind]);
      const { open: opened, all } = await months(page);
      expect(all.length, kind).toBeGreaterThan(1);
      expect(opened, kind).toEqual([`month-${todayMonth}`]);
      // Only the open month's games are on the page as a fan sees it.
      const shown = await visibleGameIds(page);
      expect(shown.length, kind).toBeGreaterThan(0);
      const dates = await site.db
        .selectFrom('games')
        .select('game_date')
        .where('id', 'in', shown)
        .execute();
      expect(
        dates.every((d) => d.game_date.startsWith(todayMonth)),
        kind,
      ).toBe(true);
      // Today is marked inside the open month.
      const marker = page.locator(`#month-${todayMonth} #today`);
      expect(await marker.count(), kind).toBe(1);
      expect(await marker.innerText(), kind).toContain('오늘');
    }
    await page.close();
  });

  it('jumps to today with the 오늘 link, and the month link marks the current month', async () => {
    // reduced motion: the jump lands at once instead of scrolling smoothly
    const page = await browser.newPage({
      viewport: { width: WIDTH, height: HEIGHT },
      reducedMotion: 'reduce',
    });
    await open(page, types.gameSchedule);
    const nav = page.locator('nav[aria-label="월별 이동"]');
    expect(await nav.locator('a').first().innerText()).toBe('오늘');
    expect(await nav.locator('a[aria-current="date"]').getAttribute('href')).toBe(
      `#month-${todayMonth}`,
    );
    const marker = page.locator('#today');
    // The demo's today sits below the first screen of the month list.
    expect((await marker.boundingBox())!.y).toBeGreaterThan(HEIGHT);
    await nav.locator('a', { hasText: '오늘' }).click();
    await page.waitForFunction(() => location.hash === '#today');
    const box = (await marker.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(HEIGHT);
    expect(box.x + box.width).toBeLessThanOrEqual(WIDTH);
    await page.close();
  });

  it('filters by league and by team through links that work without JavaScript', async () => {
    const context = await browser.newContext({
      viewport: { width: WIDTH, height: HEIGHT },
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    const league = site.index.leagues.find((l) => l.seasonId === active.id)!;
    const leagueName = (
      await site.db
        .selectFrom('leagues')
        .select('name')
        .where('id', '=', league.id)
        .executeTakeFirstOrThrow()
    ).name;
    await open(page, types.gameSchedule);
    const filter = page.locator('nav[aria-label="일정 골라 보기"]');
    expect(await filter.locator('a[aria-current="page"]').innerText()).toBe('전체');

    // League: the league's own schedule, every game of it and no other.
    await Promise.all([
      page.waitForURL(site.origin + paths.leagueSchedule(season, league.id)),
      filter.locator('a', { hasText: leagueName }).first().click(),
    ]);
    expect(await filter.locator('a[aria-current="page"]').innerText()).toBe(leagueName);
    const leagueGames = await site.db
      .selectFrom('games')
      .select('id')
      .where('league_id', '=', league.id)
      .execute();
    const listed = await page
      .locator('.game-row a.game-row__line')
      .evaluateAll((as) => as.map((a) => Number(a.getAttribute('href')!.split('/').pop())));
    expect(listed.toSorted((a, b) => a - b)).toEqual(
      leagueGames.map((g) => g.id).toSorted((a, b) => a - b),
    );

    // Team: the fold of team links opens without a script; the team's games only.
    const team = await site.db
      .selectFrom('league_teams as lt')
      .innerJoin('teams as t', 't.id', 'lt.team_id')
      .select(['t.id', 't.name', 't.short_name'])
      .where('lt.league_id', '=', league.id)
      .orderBy('t.id')
      .executeTakeFirstOrThrow();
    await filter.locator('summary', { hasText: '팀별 일정' }).click();
    const teamLink = filter.locator(`a[href="${paths.teamSchedule(season, league.id, team.id)}"]`);
    await expectVisible(teamLink);
    await Promise.all([
      page.waitForURL(site.origin + paths.teamSchedule(season, league.id, team.id)),
      teamLink.click(),
    ]);
    expect(await filter.locator('a[aria-current="page"]').innerText()).toBe(
      team.short_name || team.name,
    );
    // textContent: rows of folded months are in the page but not rendered
    const rows = await page
      .locator('.game-row a.game-row__line')
      .evaluateAll((as) => as.map((a) => a.textContent ?? ''));
    const teamGames = await site.db
      .selectFrom('games')
      .select('id')
      .where('league_id', '=', league.id)
      .where((eb) => eb.or([eb('home_team_id', '=', team.id), eb('away_team_id', '=', team.id)]))
      .execute();
    expect(rows.length).toBe(teamGames.length);
    for (const row of rows) expect(row).toContain(team.name);
    await context.close();
  });

  it("leads a past season's home with its champions and final tables, not with games to come", async () => {
    const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
    const past = site.index.site.seasons.find((s) => !s.active)!;
    await open(page, paths.home({ id: past.id, active: false }));
    const headings = await page.locator('main h2').allInnerTexts();
    expect(headings[0]).toBe(`${past.name} 우승`);
    expect(headings).not.toContain('다가오는 경기');
    expect(await page.locator('main').innerText()).not.toContain('예정된 경기가 없습니다');
    // The champion of each league, as entered when the league closed, on the first screen.
    const champions = await site.db
      .selectFrom('league_results as r')
      .innerJoin('leagues as l', 'l.id', 'r.league_id')
      .innerJoin('teams as t', 't.id', 'r.team_id')
      .select(['l.name as league', 't.name as team'])
      .where('l.season_id', '=', past.id)
      .where('r.rank', '=', 1)
      .orderBy('l.id')
      .execute();
    expect(champions.length).toBeGreaterThan(0);
    const items = page.locator('ul.champions li');
    expect(await items.count()).toBe(champions.length);
    for (const [i, c] of champions.entries()) {
      const item = items.nth(i);
      expect(await item.innerText()).toBe(`${c.league} ${c.team}`);
      const box = (await item.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(WIDTH);
    }
    const first = (await items.first().boundingBox())!;
    expect(first.y + first.height).toBeLessThanOrEqual(HEIGHT);
    // Then each league's final table, before the season's last results.
    const finalTable = page.locator('main table', {
      has: page.locator('caption', { hasText: '최종 순위' }),
    });
    expect(await finalTable.count()).toBe(champions.length);
    const lastResults = page.locator('main h2', { hasText: '마지막 경기 결과' });
    expect((await finalTable.first().boundingBox())!.y).toBeLessThan(
      (await lastResults.boundingBox())!.y,
    );
    await page.close();
  });
});

async function expectVisible(locator: import('playwright-core').Locator): Promise<void> {
  await locator.waitFor({ state: 'visible' });
  expect(await locator.isVisible()).toBe(true);
}
