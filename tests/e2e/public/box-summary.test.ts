import { describe, expect, it } from 'vitest';
import { openSiteInBrowser } from './site.ts';
import { paths } from '../../../src/lib/paths.ts';

const { site, browser } = await openSiteInBrowser();
const page = await browser.newPage({ viewport: { width: 375, height: 812 } });

/** The text of the box score's summary line for `term` ('결승타', '병살타' …). */
const summary = (term: string) =>
  page
    .locator('.box-summary dt', { hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');

describe('box-score summary lines at 375 px', () => {
  it('names the 결승타 and each double play with its inning, inside the screen', async () => {
    // a demo game with both a game-winning RBI and a batter grounding into a double play
    const line = await site.db
      .selectFrom('game_batting as w')
      .innerJoin('game_batting as d', 'd.game_id', 'w.game_id')
      .innerJoin('games as g', 'g.id', 'w.game_id')
      .innerJoin('leagues as l', 'l.id', 'g.league_id')
      .innerJoin('players as wp', 'wp.id', 'w.player_id')
      .innerJoin('players as dp', 'dp.id', 'd.player_id')
      .innerJoin('teams as dt', 'dt.id', 'd.team_id')
      .select([
        'g.id as gameId',
        'g.league_id as leagueId',
        'l.season_id as seasonId',
        'wp.name as winner',
        'dp.name as doubled',
        'dt.short_name as doubledTeam',
        'd.gidp_innings as innings',
      ])
      .where('w.gwrbi', '=', 1)
      .where('d.gidp', '=', 1)
      .orderBy('g.id', 'desc')
      .executeTakeFirstOrThrow();
    const season = { id: line.seasonId, active: site.index.site.active.id === line.seasonId };
    const path = paths.boxScore(season, line.leagueId, line.gameId);
    expect((await page.goto(site.origin + path))?.status(), path).toBe(200);

    expect(await summary('결승타').innerText()).toContain(line.winner);
    const doubled = await summary('병살타').innerText();
    expect(doubled).toContain(`${line.doubled} ${line.innings}회 (${line.doubledTeam})`);
    // every summary line wraps inside the phone's width: no sideways scroll to read it
    for (const box of await page
      .locator('.box-summary dd')
      .evaluateAll((dds) => dds.map((dd) => dd.getBoundingClientRect().right)))
      expect(box).toBeLessThanOrEqual(375);
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      window: document.documentElement.clientWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.window);
  });

  it('gives home runs, doubles and steals their innings as 3회·5회', async () => {
    const dd = await page.locator('.box-summary dd').allInnerTexts();
    expect(dd.length).toBeGreaterThan(2);
    // every entry of the event lines carries at least one inning (the demo records them all)
    const events = await page
      .locator('.box-summary dt')
      .evaluateAll((dts) => dts.map((dt) => dt.textContent ?? ''));
    dd.forEach((text, i) => {
      if (events[i] === '결승타') return;
      for (const entry of text.split(', '))
        expect(entry, `${events[i]}: ${entry}`).toMatch(/ \d+회(·\d+회)* \(/);
    });
  });
});
