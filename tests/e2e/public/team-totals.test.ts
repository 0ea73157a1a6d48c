import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openSiteInBrowser } from './site.ts';
import { rowLinks, rowsByHeader, tableByCaption } from './page-tables.ts';
import { paths } from '../../../src/lib/paths.ts';

const { site, browser } = await openSiteInBrowser();
const season = { id: site.index.site.active.id, active: true };
const { id: leagueId } = site.index.leagues.find((l) => l.seasonId === season.id)!;
const league = await site.db
  .selectFrom('leagues')
  .select(['id', 'name'])
  .where('id', '=', leagueId)
  .executeTakeFirstOrThrow();
const page = await browser.newPage({ viewport: { width: 375, height: 812 } });

/** Each team's regular-season sums of the league, straight from the game lines, by team page. */
async function sums(table: 'game_batting' | 'game_pitching', columns: string[]) {
  const rows = await site.db
    .selectFrom(`${table} as x` as 'game_batting as x')
    .innerJoin('games as g', 'g.id', 'x.game_id')
    .select('x.team_id')
    .select(columns.map((c) => sql<number>`sum(x.${sql.ref(c)})`.as(c)))
    .where('g.league_id', '=', league.id)
    .where('g.status', '=', 'final')
    .where('g.stage', '=', 'regular')
    .groupBy('x.team_id')
    .execute();
  return new Map(
    rows.map((r) => [paths.teamPlayers(season, r.team_id), r as unknown as Record<string, number>]),
  );
}

/** The rows of a table by caption, each with the link of its team (a team is known by its id). */
async function teamRows(caption: string) {
  const links = await rowLinks(page, caption);
  return rowsByHeader(await tableByCaption(page, caption)).map((row, i) => ({
    row,
    link: links[i],
  }));
}

/** The first body (or foot) row's cell under `label` lies inside the phone's screen without scrolling. */
async function visible(caption: string, label: string, rows = 'tbody tr') {
  const table = page.locator('table', { has: page.locator('caption', { hasText: caption }) });
  const index = await table
    .locator('thead th')
    .evaluateAll((ths, l) => ths.findIndex((th) => th.textContent?.trim() === l), label);
  expect(index, label).toBeGreaterThan(0);
  const box = await table.locator(rows).first().locator('th, td').nth(index).boundingBox();
  expect(box, label).not.toBeNull();
  expect(box!.x + box!.width, label).toBeLessThanOrEqual(375);
}

describe('team totals in the records room at 375 px', () => {
  it('shows each team’s batting totals and rates, AVG and OPS on screen', async () => {
    await page.goto(site.origin + paths.recordsView(season, league.id, 'batting-avg'));
    const caption = `${league.name} 팀 타격 기록`;
    const rows = await teamRows(caption);
    const expected = await sums('game_batting', ['h', 'ab', 'hr', 'sb']);
    expect(rows.length).toBe(expected.size);
    for (const { row, link } of rows) {
      const team = expected.get(link!)!;
      expect(team, row.팀).toBeDefined();
      expect(Number(row.홈런)).toBe(team.hr);
      expect(Number(row.도루)).toBe(team.sb);
      // exact half-up to three places, as the site rounds
      const thousandths = Math.floor((2000 * team.h + team.ab) / (2 * team.ab));
      expect(row.타율).toBe((thousandths / 1000).toFixed(3));
    }
    await visible(caption, '타율');
    await visible(caption, 'OPS');
  });

  it('shows each team’s pitching totals, ERA and innings as 6⅔ style, ERA on screen', async () => {
    await page.goto(site.origin + paths.recordsView(season, league.id, 'pitching-era'));
    const caption = `${league.name} 팀 투구 기록`;
    const rows = await teamRows(caption);
    const expected = await sums('game_pitching', ['outs', 'so', 'er']);
    expect(rows.length).toBe(expected.size);
    for (const { row, link } of rows) {
      const team = expected.get(link!)!;
      expect(team, row.팀).toBeDefined();
      expect(Number(row.탈삼진)).toBe(team.so);
      const whole = Math.floor(team.outs / 3);
      const part = ['', '⅓', '⅔'][team.outs % 3];
      expect(row.이닝).toBe(`${whole}${part}`);
    }
    await visible(caption, '평균자책점');
  });

  it('shows the team’s totals line under its players on the team page, as the records room has it, key figures on screen', async () => {
    const { teamId } = site.index.leagueTeams.find((lt) => lt.leagueId === league.id)!;
    const team = await site.db
      .selectFrom('teams')
      .select('name')
      .where('id', '=', teamId)
      .executeTakeFirstOrThrow();
    for (const [kind, word, view, keys] of [
      ['batting', '타격', 'batting-avg', ['타율', '출루율', '장타율', 'OPS']],
      ['pitching', '투구', 'pitching-era', ['평균자책점', '이닝', '승', '패']],
    ] as const) {
      await page.goto(site.origin + paths.recordsView(season, league.id, view));
      const inRecords = (await teamRows(`${league.name} 팀 ${word} 기록`)).find(
        (r) => r.link === paths.teamPlayers(season, teamId),
      )?.row;
      expect(inRecords, kind).toBeDefined();

      await page.goto(site.origin + paths.teamPlayers(season, teamId));
      const caption = `${team.name} ${word} 기록 (${league.name})`;
      const rows = rowsByHeader(await tableByCaption(page, caption));
      // the totals line is the table's last line, in its foot
      const totals = rows.at(-1)!;
      expect(totals.선수, kind).toBe('팀 합계');
      const { 팀: _, ...figures } = inRecords!;
      for (const [label, value] of Object.entries(figures))
        expect(totals[label], `${kind} ${label}`).toBe(value);
      for (const label of keys) await visible(caption, label, 'tfoot tr');
    }
  });
});
