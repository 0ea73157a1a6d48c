import { describe, expect, it } from 'vitest';
import { openSiteInBrowser } from './site.ts';
import { rowsByHeader, tableByCaption } from './page-tables.ts';
import { paths } from '../../../src/lib/paths.ts';

const { site, browser } = await openSiteInBrowser();
const season = { id: site.index.site.active.id, active: true };
const league = site.index.leagues.find((l) => l.seasonId === season.id)!;

describe('records room', () => {
  it('sorts by a header link without JavaScript, through prebuilt orders', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(site.origin + paths.records(season));
    expect(await page.locator('h1').innerText()).toBe('기록실');
    await page.locator(`a[href="${paths.recordsView(season, league.id, 'batting-avg')}"]`).click();
    // AVG order: qualified batters, highest first
    let rows = rowsByHeader(await tableByCaption(page, '타격 기록 (타율 순'));
    const avg = rows.map((r) => Number(r['타율']));
    expect(avg.length).toBeGreaterThan(3);
    expect(avg).toEqual([...avg].sort((a, b) => b - a));
    expect(await page.locator('th[aria-sort="descending"]').innerText()).toContain('타율');
    // the 홈런 header is a link to the home-run order of everyone
    await page.locator('thead th a', { hasText: '홈런' }).click();
    expect(new URL(page.url()).pathname).toBe(paths.recordsView(season, league.id, 'batting-hr'));
    rows = rowsByHeader(await tableByCaption(page, '타격 기록 (홈런 순'));
    const hr = rows.map((r) => Number(r['홈런']));
    expect(hr).toEqual([...hr].sort((a, b) => b - a));
    expect(rows.map((r) => Number(r['순위']))).toEqual(rows.map((_, i) => i + 1));
    // the all-players scope of a rate order holds at least as many rows as the qualified one
    await page.goto(site.origin + paths.recordsView(season, league.id, 'pitching-era'));
    const qualified = rowsByHeader(await tableByCaption(page, '평균자책점 순')).length;
    await page.locator('nav a', { hasText: '전체 선수' }).click();
    const all = rowsByHeader(await tableByCaption(page, '평균자책점 순')).length;
    expect(all).toBeGreaterThan(qualified);
    const era = rowsByHeader(await tableByCaption(page, '평균자책점 순'))
      .map((r) => r['평균자책점'])
      .filter((t) => /^\d/.test(t))
      .map(Number);
    expect(era).toEqual([...era].sort((a, b) => a - b));
    await context.close();
  });

  it('finds a player by 초성 over every season, loading the index only when the box is used', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/players.json')) fetched.push(r.url());
    });
    await page.goto(site.origin + paths.records(season), { waitUntil: 'networkidle' });
    const box = page.locator('#player-search-box');
    await box.waitFor();
    expect(fetched).toEqual([]);
    const player = await site.db
      .selectFrom('players')
      .select('name')
      .where('id', '=', site.index.seasonPlayers.find((p) => p.seasonId === season.id)!.playerId)
      .executeTakeFirstOrThrow();
    const initials = [...player.name]
      .map(
        (ch) =>
          'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ'[Math.floor((ch.charCodeAt(0) - 0xac00) / 588)],
      )
      .join('');
    await box.fill(initials);
    const hit = page.locator('.player-search__results a', { hasText: player.name }).first();
    await hit.waitFor();
    expect(fetched.length).toBe(site.index.site.seasons.length);
    await Promise.all([page.waitForURL(/\/stats\/team\/\d+\/player\/\d+$/), hit.click()]);
    expect(await page.locator('h1').innerText()).toBe(player.name);
    await page.close();
  });
});
