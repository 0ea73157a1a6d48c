import { describe, expect, it } from 'vitest';
import { openSiteInBrowser } from './site.ts';
import { pageTypes } from './page-types.ts';
import { rowsByHeader, tableByCaption } from './page-tables.ts';
import { paths } from '../../../src/lib/paths.ts';
import { josa } from '../../../src/lib/validation/josa.ts';
import { leagueStandings } from '../../../src/server/services/standings.ts';
import { leagueLeaders } from '../../../src/server/services/player-stats.ts';

const { site, browser } = await openSiteInBrowser();
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });

const seasonOf = (seasonId: number) => ({
  id: seasonId,
  active: site.index.site.active.id === seasonId,
});

/** '2026년 8월 23일(일)', worked out here rather than with the site's formatter. */
function koreanDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  const weekday = new Intl.DateTimeFormat('ko-KR', { weekday: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
  return `${y}년 ${m}월 ${d}일(${weekday})`;
}

/** The text of a description-list entry of the page, by its term. */
const fact = (term: string) =>
  page
    .locator('main dl dt', { hasText: term })
    .locator('xpath=following-sibling::dd[1]')
    .innerText();

describe('box scores of games not played as scheduled', () => {
  for (const [status, label, says] of [
    ['forfeit', '종료', '몰수승 (7 : 0으로 기록)'],
    ['postponed', '연기', '경기가 연기되었습니다'],
    ['cancelled', '취소', '경기가 취소되었습니다'],
  ] as const) {
    it(`says plainly that a game was ${status} (${label}) and on which date`, async () => {
      const game = await site.db
        .selectFrom('games as g')
        .innerJoin('leagues as l', 'l.id', 'g.league_id')
        .select(['g.id', 'g.league_id', 'g.game_date', 'l.season_id'])
        .where('g.status', '=', status)
        .orderBy('g.id')
        .executeTakeFirstOrThrow();
      const path = paths.boxScore(seasonOf(game.season_id), game.league_id, game.id);
      expect((await page.goto(site.origin + path))?.status(), path).toBe(200);
      const state = await fact('상태');
      expect(state.startsWith(label), state).toBe(true);
      expect(state).toContain(says);
      expect((await fact('일시')).startsWith(koreanDate(game.game_date))).toBe(true);
      expect(await page.title()).toContain(koreanDate(game.game_date));
      // No score was made, so the scoreboard shows the status instead (a forfeit shows its 7 : 0).
      const board = await page.locator('.scoreboard').innerText();
      expect(board).toMatch(status === 'forfeit' ? /7 : 0|0 : 7/ : new RegExp(label));
      expect(await page.locator('caption', { hasText: '타격 기록' }).count()).toBe(0);
    });
  }
});

describe('league results', () => {
  it('says which rule separated tied teams in the standings', async () => {
    let checked = 0;
    for (const league of site.index.leagues) {
      const api = await leagueStandings(site.db, league.id);
      const tied = api.rows.filter((r) => r.tieNote);
      if (tied.length === 0) continue;
      await page.goto(site.origin + paths.leagueResults(seasonOf(league.seasonId)));
      const rows = rowsByHeader(await tableByCaption(page, `${api.leagueName} 순위`));
      expect(rows.map((r) => r['팀'])).toEqual(api.rows.map((r) => r.teamName));
      for (const [i, row] of api.rows.entries()) {
        expect(rows[i]['비고'], row.teamName).toBe(
          row.tieNote ? `동률, ${josa(row.tieNote, '으로/로')} 순위 결정` : '',
        );
      }
      const section = page.locator('section', {
        has: page.locator('h2', { hasText: api.leagueName }),
      });
      expect(await section.innerText()).toContain(`동률 처리: ${api.tieBreakers.join(' → ')}`);
      checked++;
    }
    // The demo data has ties in most leagues; at least one must have been looked at.
    expect(checked).toBeGreaterThan(0);
  });

  it('shows the final ranks and the awards of a finished league', async () => {
    const league = await site.db
      .selectFrom('leagues')
      .select(['id', 'name', 'season_id'])
      .where('status', '=', 'finished')
      .where((eb) =>
        eb.exists(
          eb.selectFrom('league_awards').select('id').whereRef('league_id', '=', 'leagues.id'),
        ),
      )
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const ranks = await site.db
      .selectFrom('league_results as r')
      .innerJoin('teams as t', 't.id', 'r.team_id')
      .select(['r.rank', 't.name'])
      .where('r.league_id', '=', league.id)
      .orderBy('r.rank')
      .orderBy('t.name')
      .execute();
    const awards = await site.db
      .selectFrom('league_awards')
      .select('award_name')
      .where('league_id', '=', league.id)
      .execute();
    expect(ranks.length).toBeGreaterThan(0);
    expect(awards.length).toBeGreaterThan(0);

    await page.goto(site.origin + paths.leagueResults(seasonOf(league.season_id)));
    const shownRanks = rowsByHeader(await tableByCaption(page, `${league.name} 최종 순위`));
    expect(
      shownRanks
        .map((r) => [Number(r['순위']), r['팀']])
        .sort((a, b) => Number(a[0]) - Number(b[0]) || String(a[1]).localeCompare(String(b[1]))),
    ).toEqual(ranks.map((r) => [r.rank, r.name]));
    const shownAwards = rowsByHeader(await tableByCaption(page, `${league.name} 시상`));
    expect(shownAwards.map((r) => r['상']).sort()).toEqual(awards.map((a) => a.award_name).sort());
    for (const a of shownAwards) expect(a['수상'], a['상']).not.toBe('');
  });

  it('says a league still going has no final ranks yet', async () => {
    const league = site.index.leagues.find((l) => l.seasonId === site.index.site.active.id)!;
    const row = await site.db
      .selectFrom('leagues')
      .select(['name', 'status'])
      .where('id', '=', league.id)
      .executeTakeFirstOrThrow();
    expect(row.status).not.toBe('finished');
    await page.goto(site.origin + paths.leagueResults(seasonOf(league.seasonId)));
    expect(await page.locator('main').innerText()).toContain(
      `${row.name} 최종 순위는 리그가 끝난 뒤 발표됩니다.`,
    );
  });
});

describe('footer', () => {
  it("shows the 2018 copyright line and the association's name on every page type", async () => {
    const name = (
      await site.db
        .selectFrom('league_main')
        .select('name')
        .where('path', '=', 'sbsa')
        .executeTakeFirstOrThrow()
    ).name;
    for (const [kind, path] of Object.entries(pageTypes(site.index))) {
      await page.goto(site.origin + path);
      const footer = await page.locator('footer').innerText();
      expect(footer, kind).toContain(`© 2018 ${name}`);
      expect(footer, kind).toContain(`${name} 리그 포털`);
    }
  });
});

describe('main page', () => {
  it("shows each league's leaders, rate categories among qualified players only", async () => {
    const active = site.index.site.active;
    const leagues = site.index.leagues.filter((l) => l.seasonId === active.id);
    expect(leagues.length).toBeGreaterThan(0);
    await page.goto(site.origin + paths.home({ id: active.id, active: true }));
    for (const league of leagues) {
      const api = await leagueLeaders(site.db, league.id, 3);
      const section = page.locator(`section[aria-label="${api.leagueName} 부문별 선두"]`);
      expect(await section.count(), api.leagueName).toBe(1);
      for (const [key, title] of [
        ['avg', '타율 (규정 타석 이상)'],
        ['hr', '홈런'],
        ['era', '평균자책점 (규정 이닝 이상)'],
        ['so', '탈삼진'],
      ] as const) {
        const expected = [...api.batting, ...api.pitching].find((b) => b.key === key)!;
        const board = section.locator('.leaders__board', {
          has: page.locator('.leaders__title', {
            hasText: new RegExp(`^${title.replace(/[()]/g, '\\$&')}$`),
          }),
        });
        expect(await board.count(), `${api.leagueName} ${title}`).toBe(1);
        const shown = await board.locator('li').evaluateAll((items) =>
          items.map((li) => ({
            rank: Number.parseInt(li.querySelector('.leaders__rank')?.textContent ?? '', 10),
            name: li.querySelector('a')?.textContent ?? '',
            value: li.querySelector('.leaders__value')?.textContent ?? '',
          })),
        );
        const label = `${api.leagueName} ${title}`;
        // the board lists what the API lists: the top three, and everyone tied with the third
        expect(shown.length, label).toBe(expected.entries.length);
        expect(shown.length, label).toBeGreaterThan(0);
        expect(Math.max(...shown.map((e) => e.rank)), label).toBeLessThanOrEqual(3);
        for (const entry of shown) {
          expect(
            expected.entries.some(
              (e) => e.rank === entry.rank && e.name === entry.name && e.valueText === entry.value,
            ),
            `${label}: ${JSON.stringify(entry)}`,
          ).toBe(true);
        }
      }
    }
  });
});
