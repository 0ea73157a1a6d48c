import type { Page } from 'playwright-core';
import { type adminApi, type makeLeague, seoulToday } from './fixtures.ts';

/**
 * The box-score columns in the order of the record grid (the one order of
 * src/lib/stats/line-columns.ts), as a scorer's spreadsheet has them.
 */
export const battingKeys = [
  'ab',
  'h',
  'rbi',
  'r',
  'pa',
  'b2',
  'b3',
  'hr',
  'bb',
  'hbp',
  'so',
  'sb',
  'cs',
  'sh',
  'sf',
  'e',
] as const;
/** A pitcher's columns after his name: 결과, then his line in box-score order. */
export const pitchingKeys = [
  'decision',
  'ip',
  'h',
  'r',
  'er',
  'bb',
  'so',
  'bf',
  'hbp',
  'hr',
  'wp',
] as const;
type Bat = Partial<Record<(typeof battingKeys)[number], number>>;
type Pitch = Partial<Record<(typeof pitchingKeys)[number], number | string>>;

const bat = (v: Bat) => battingKeys.map((k) => v[k] ?? 0);
const pitch = (v: Pitch) => pitchingKeys.map((k) => v[k] ?? (k === 'decision' ? '' : 0));

/**
 * A 7-inning game with 9 batters and 2 pitchers a side that passes every check: away wins 3:1.
 * Batters are the team's players with back numbers 1–9, pitchers 10 and 11.
 */
export const testGame = {
  innings: { away: [1, 0, 0, 2, 0, 0, 0], home: [0, 1, 0, 0, 0, 0, 0] },
  away: {
    batting: [
      bat({ pa: 4, ab: 3, r: 1, h: 1, bb: 1 }),
      bat({ pa: 3, ab: 3, r: 1, h: 2, b2: 1, rbi: 1 }),
      bat({ pa: 3, ab: 3, r: 1, h: 1, hr: 1, rbi: 2 }),
      bat({ pa: 3, ab: 3, so: 1 }),
      bat({ pa: 3, ab: 3, h: 1 }),
      bat({ pa: 3, ab: 3, so: 1 }),
      bat({ pa: 3, ab: 3 }),
      bat({ pa: 3, ab: 3, h: 1, sb: 1 }),
      bat({ pa: 3, ab: 3, so: 1 }),
    ],
    /** innings as a scorer writes them; outs 18 and 3 */
    pitching: [pitch({ ip: '6', bf: 22, h: 2, r: 1, er: 1, so: 2 }), pitch({ ip: '1', bf: 3 })],
  },
  home: {
    batting: [
      bat({ pa: 3, ab: 3, r: 1, h: 1 }),
      bat({ pa: 3, ab: 3, h: 1, rbi: 1 }),
      bat({ pa: 3, ab: 3 }),
      bat({ pa: 3, ab: 3, so: 1 }),
      bat({ pa: 3, ab: 3 }),
      bat({ pa: 3, ab: 3, so: 1 }),
      bat({ pa: 3, ab: 3 }),
      bat({ pa: 3, ab: 3 }),
      bat({ pa: 3, ab: 3 }),
    ],
    /** outs 14 and 7 */
    pitching: [
      pitch({ ip: '4.2', bf: 20, h: 4, r: 2, er: 2, bb: 1, so: 2, hr: 1 }),
      pitch({ ip: '2⅓', bf: 8, h: 2, r: 1, er: 1, so: 1 }),
    ],
  },
} as const;

/** Outs of the pitchers above, as the API stores them. */
export const testGameOuts = { away: [18, 3], home: [14, 7] } as const;

/** Tab-separated rows, as Excel or Google Sheets put a copied block on the clipboard. */
export const tsv = (rows: ReadonlyArray<ReadonlyArray<number | string>>) =>
  rows.map((r) => r.join('\t')).join('\n');

/** Puts text on the clipboard, as copying cells in a spreadsheet does (not counted as input). */
export async function copyToClipboard(page: Page, text: string): Promise<void> {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
}

/**
 * A user whose clicks and keystrokes are counted: a click is one press of the mouse, a keystroke
 * one key pressed (Ctrl+V counts two); choosing from a drop-down list with the mouse counts two
 * clicks (open the list, pick the item).
 */
export function countingUser(page: Page) {
  const counts = { clicks: 0, keys: 0 };
  return {
    counts,
    async click(locator: ReturnType<Page['locator']>) {
      counts.clicks += 1;
      await locator.click();
    },
    /** a double click selects a cell's content: two clicks */
    async doubleClick(locator: ReturnType<Page['locator']>) {
      counts.clicks += 2;
      await locator.dblclick();
    },
    async choose(locator: ReturnType<Page['locator']>, value: string) {
      counts.clicks += 2;
      await locator.selectOption(value);
    },
    async type(text: string) {
      counts.keys += [...text].length;
      await page.keyboard.type(text);
    },
    async press(key: string) {
      counts.keys += key.split('+').length;
      await page.keyboard.press(key);
    },
  };
}

/**
 * Puts each team's first 11 players on the league's roster with back numbers 1–11 (batters 1–9,
 * pitchers 10 and 11, as the test game has them) and schedules `count` games between the two
 * teams today. Answers the games' ids.
 */
export async function rosterAndGames(
  api: Awaited<ReturnType<typeof adminApi>>,
  league: Awaited<ReturnType<typeof makeLeague>>,
  count = 1,
): Promise<number[]> {
  const base = `/api/league/main/${league.mainId}/season/${league.seasonId}/league/${league.leagueId}`;
  for (const team of [league.away, league.home]) {
    const res = await api.call('PATCH', `${base}/team/${team.teamId}/players`, {
      players: team.playerIds.slice(0, 11).map((playerId, i) => ({
        playerId,
        backNumber: i + 1,
        status: 'active',
        registeredOn: '2026-01-01',
      })),
    });
    if (res.status >= 300) throw new Error(`roster: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const games: number[] = [];
  for (let i = 0; i < count; i++) {
    const game = await api.call('POST', `/api/league/league/${league.leagueId}/schedule/game`, {
      date: seoulToday(),
      homeTeamId: league.home.teamId,
      awayTeamId: league.away.teamId,
    });
    games.push(game.body.data.gameId);
  }
  return games;
}

/**
 * Pastes a block into a team's lines and applies it from the preview shown beside the table
 * (Enter on its 붙여 넣기, which has the focus).
 */
export async function pasteBlock(page: Page, cellLabel: string, text: string): Promise<void> {
  await copyToClipboard(page, text);
  await page.getByLabel(cellLabel, { exact: true }).focus();
  await page.keyboard.press('Control+V');
  await page.waitForFunction(() => document.activeElement?.textContent === '붙여 넣기');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: '붙여 넣기' }).waitFor({ state: 'detached' });
}

/** Pastes the whole test game into the open record form, block by block, as copied from a spreadsheet. */
export async function pasteTestGame(page: Page): Promise<void> {
  const cell = (label: string) => page.getByLabel(label, { exact: true });
  await copyToClipboard(page, tsv([testGame.innings.away, testGame.innings.home]));
  await cell('원정 팀 1회 득점').click();
  await page.keyboard.press('Control+V');
  for (const side of ['away', 'home'] as const) {
    const name = side === 'away' ? '원정 팀' : '홈 팀';
    await pasteBlock(
      page,
      `${name} 타자 1 선수`,
      tsv(testGame[side].batting.map((row, i) => [`${i + 1}`, '', ...row])),
    );
    await pasteBlock(
      page,
      `${name} 투수 1 선수`,
      tsv(testGame[side].pitching.map((row, i) => [`${10 + i}`, ...row])),
    );
  }
}
