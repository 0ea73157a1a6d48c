import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openSiteInBrowser } from './site.ts';
import { pageTypes } from './page-types.ts';
import { paths } from '../../../src/lib/paths.ts';

// What a fan comes for must be on a 375 px screen without scrolling sideways: scores and their box-score
// links, AVG/ERA, and W-L-PCT-GB. Bounding boxes are measured in the page as it first opens.
const { site, browser } = await openSiteInBrowser();
const WIDTH = 375;
const HEIGHT = 812;
const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
const types = pageTypes(site.index);
const season = { id: site.index.site.active.id, active: true };

/** Fails unless the element lies wholly inside the screen's width (and, with `top`, its first screen). */
async function expectOnScreen(locator: Locator, what: string, top = false): Promise<void> {
  const box = await locator.boundingBox();
  expect(box, `${what}: not rendered`).not.toBeNull();
  const { x, y, width, height } = box!;
  expect(x, `${what}: starts left of the screen`).toBeGreaterThanOrEqual(0);
  expect(x + width, `${what}: ends past the right edge (${x + width} px)`).toBeLessThanOrEqual(
    WIDTH,
  );
  if (top) expect(y + height, `${what}: below the first screen`).toBeLessThanOrEqual(HEIGHT);
}

/** The body cell under a column label in the first row of the table with the caption. */
async function cell(p: Page, caption: string, label: string, row = 0): Promise<Locator> {
  const table = p.locator('table', { has: p.locator('caption', { hasText: caption }) }).first();
  const labels = await table.locator('thead th').allInnerTexts();
  const column = labels.map((l) => l.trim()).indexOf(label);
  expect(column, `${caption}: no column ${label} in ${labels.join(',')}`).toBeGreaterThanOrEqual(0);
  return table.locator('tbody tr').nth(row).locator('th, td').nth(column);
}

async function open(path: string): Promise<void> {
  const response = await page.goto(site.origin + path);
  expect(response?.status(), path).toBe(200);
}

async function firstRecordedGame() {
  return site.db
    .selectFrom('games as g')
    .innerJoin('leagues as l', 'l.id', 'g.league_id')
    .select(['g.id', 'g.league_id'])
    .where('l.season_id', '=', season.id)
    .where('g.status', '=', 'final')
    .where((eb) =>
      eb.exists(eb.selectFrom('game_pitching').select('id').whereRef('game_id', '=', 'g.id')),
    )
    .orderBy('g.id')
    .executeTakeFirstOrThrow();
}

describe('at 375 px', () => {
  it('shows the score and the box-score link of games on every game list', async () => {
    for (const kind of [
      'main',
      'gameResults',
      'gameSchedule',
      'leagueSchedule',
      'teamSchedule',
    ] as const) {
      await open(types[kind]);
      const row = page.locator('.game-row:visible').first();
      const link = row.locator('a.game-row__line');
      expect(await link.getAttribute('href'), kind).toMatch(/\/result\/game\/\d+\/\d+$/);
      await expectOnScreen(link, `${kind} game link`);
      await expectOnScreen(row.locator('.game-row__score'), `${kind} score`);
      await expectOnScreen(row.locator('.status'), `${kind} status`);
    }
    // The results list leads with a game, score and link on the first screen.
    await open(types.gameResults);
    await expectOnScreen(page.locator('.game-row a').first(), 'first result', true);
  });

  it('shows W-L-PCT-GB of the standings without scrolling sideways', async () => {
    for (const kind of ['leagueResults', 'main'] as const) {
      await open(types[kind]);
      const caption = (await page.locator('main caption').first().innerText()).trim();
      for (const label of ['승', '패', '승률', '게임차'])
        await expectOnScreen(await cell(page, caption, label), `${kind} ${label}`);
    }
  });

  it("shows a player's AVG or ERA, on the player and roster pages", async () => {
    await open(types.player);
    const caption = (await page.locator('main caption').first().innerText()).trim();
    const label = caption.includes('투구') ? '평균자책점' : '타율';
    await expectOnScreen(await cell(page, caption, label), `player ${label}`);
    await open(types.teamPlayers);
    for (const [what, label] of [
      ['타격', '타율'],
      ['투구', '평균자책점'],
    ] as const) {
      const captions = await page.locator('main caption', { hasText: what }).allInnerTexts();
      if (captions.length === 0) continue;
      await expectOnScreen(await cell(page, captions[0].trim(), label), `roster ${label}`);
    }
  });

  it("shows a team's record (all, home, away, each opponent) as the standings count it, W-L-PCT on screen", async () => {
    const lt = site.index.leagueTeams.find(
      (x) => x.seasonId === season.id && x.teamId === Number(types.teamPlayers.split('/').at(-2)),
    )!;
    const league = await site.db
      .selectFrom('leagues')
      .select('name')
      .where('id', '=', lt.leagueId)
      .executeTakeFirstOrThrow();
    const team = await site.db
      .selectFrom('teams')
      .select('name')
      .where('id', '=', lt.teamId)
      .executeTakeFirstOrThrow();
    const rowOf = async (caption: string, name: string) => {
      const table = page.locator('table', { has: page.locator('caption', { hasText: caption }) });
      const labels = (await table.locator('thead th').allInnerTexts()).map((l) => l.trim());
      const row = table.locator('tbody tr', { has: page.locator('th', { hasText: name }) }).first();
      const cells = (await row.locator('th, td').allInnerTexts()).map((c) => c.trim());
      return { row, get: (label: string) => cells[labels.indexOf(label)] };
    };
    await open(paths.leagueResults(season));
    const standing = await rowOf(`${league.name} 순위`, team.name);

    await open(types.teamPlayers);
    const caption = `${team.name} 팀 전적 (${league.name})`;
    const total = await rowOf(caption, '전체');
    for (const label of ['승', '패', '무', '승률'])
      expect(total.get(label), label).toBe(standing.get(label));
    for (const label of ['승', '패', '승률'])
      await expectOnScreen(await cell(page, caption, label), `team record ${label}`);
    // Home and away, and the opponents, add up to the whole.
    const body = (c: string) =>
      page
        .locator('table', { has: page.locator('caption', { hasText: c }) })
        .locator('tbody tr')
        .evaluateAll((trs) =>
          trs.map((tr) => [...tr.querySelectorAll('th, td')].map((x) => x.textContent!.trim())),
        );
    const rows = await body(caption);
    expect(rows.map((r) => r[0])).toEqual(['전체', '홈', '원정']);
    const opponentCaption = `${team.name} 상대 전적 (${league.name})`;
    const opponents = await body(opponentCaption);
    expect(opponents.length).toBeGreaterThan(0);
    for (const column of [1, 2, 3, 5, 6, 7]) {
      const sum = (rs: string[][]) => rs.reduce((n, r) => n + Number(r[column]), 0);
      expect(sum(rows.slice(1, 3)), `home + away, column ${column}`).toBe(Number(rows[0][column]));
      expect(sum(opponents), `opponents, column ${column}`).toBe(Number(rows[0][column]));
    }
    for (const label of ['승', '패', '승률'])
      await expectOnScreen(await cell(page, opponentCaption, label), `opponent record ${label}`);
  });

  it('shows the box score on one line, R/H/E and season AVG/ERA without scrolling sideways', async () => {
    const game = await firstRecordedGame();
    await open(paths.boxScore(season, game.league_id, game.id));
    const score = page.locator('.scoreboard__score');
    await expectOnScreen(score, 'final score', true);
    // one line: no taller than one line of its own text
    const { height } = (await score.boundingBox())!;
    const lineHeight = await score.evaluate((el) =>
      Number.parseFloat(getComputedStyle(el).lineHeight),
    );
    expect(height).toBeLessThanOrEqual(lineHeight * 1.2);
    for (const label of ['R', 'H', 'E'])
      await expectOnScreen(await cell(page, '이닝별 점수', label), label);
    await expectOnScreen(await cell(page, '타격 기록', '시즌 타율'), 'season AVG');
    await expectOnScreen(await cell(page, '투구 기록', '시즌 평균자책점'), 'season ERA');
    // R/H/E stay in view when the innings are scrolled to the end
    await page
      .locator('.line-score')
      .evaluate((t) => t.closest('.table-scroll')!.scrollBy(1000, 0));
    for (const label of ['R', 'H', 'E'])
      await expectOnScreen(await cell(page, '이닝별 점수', label), `${label} after scrolling`);
  });

  it('fits a 7-inning game’s line score on the screen: every inning and R/H/E, nothing under another', async () => {
    const game = await site.db
      .selectFrom('games as g')
      .innerJoin('leagues as l', 'l.id', 'g.league_id')
      .select(['g.id', 'g.league_id'])
      .where('l.season_id', '=', season.id)
      .where('g.status', '=', 'final')
      .where('g.innings_played', '=', 7)
      .orderBy('g.id')
      .executeTakeFirstOrThrow();
    await open(paths.boxScore(season, game.league_id, game.id));
    const labels = ['팀', '1', '2', '3', '4', '5', '6', '7', 'R', 'H', 'E'];
    expect(
      (await page.locator('.line-score thead th').allInnerTexts()).map((t) => t.trim()),
    ).toEqual(labels);
    for (const row of [0, 1]) {
      const boxes = [];
      for (const label of labels) {
        const at = await cell(page, '이닝별 점수', label, row);
        await expectOnScreen(at, `${label}, row ${row + 1}`);
        boxes.push((await at.boundingBox())!);
      }
      // side by side: no column (the fixed R/H/E above all) lies over the one before it
      for (let i = 1; i < boxes.length; i++)
        expect(boxes[i].x, `${labels[i]} over ${labels[i - 1]}`).toBeGreaterThanOrEqual(
          boxes[i - 1].x + boxes[i - 1].width - 1,
        );
    }
    // nothing waits off-screen, and no hint says otherwise
    const scroll = await page
      .locator('.line-score-scroll')
      .evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(scroll).toBeLessThanOrEqual(0);
    expect(await page.getByText('옆으로 밀면 이닝이 더 있습니다').count()).toBe(0);
  });

  it('shows the title and date of every notice on the notices list without scrolling sideways', async () => {
    await open(types.notices);
    const caption = (await page.locator('main caption').first().innerText()).trim();
    const rows = await page.locator('main tbody tr').count();
    expect(rows).toBeGreaterThan(0);
    for (let row = 0; row < rows; row++) {
      await expectOnScreen(await cell(page, caption, '제목', row), `notice ${row} title`);
      await expectOnScreen(await cell(page, caption, '작성일', row), `notice ${row} date`);
    }
  });

  it('keeps every table captioned with scoped headers, and the page itself never wider than the screen', async () => {
    for (const [kind, path] of Object.entries(types)) {
      await open(path);
      const problems = await page.evaluate(() => {
        const found: string[] = [];
        for (const table of document.querySelectorAll('main table')) {
          if (!table.querySelector('caption')?.textContent?.trim())
            found.push('table without caption');
          for (const th of table.querySelectorAll('thead th'))
            if (th.getAttribute('scope') !== 'col')
              found.push(`header without scope: ${th.textContent}`);
        }
        if (document.documentElement.scrollWidth > window.innerWidth)
          found.push('page scrolls sideways');
        return found;
      });
      expect(problems, kind).toEqual([]);
    }
  });
});
