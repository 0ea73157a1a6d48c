import type { Locator, Page } from 'playwright-core';
import type { countingUser } from './record-game.ts';

/** A batter's line as a paper scoresheet gives it: back number, then only the figures he made. */
export interface SheetBatter {
  no: number;
  ab: number;
  r?: number;
  h?: number;
  rbi?: number;
  bb?: number;
  so?: number;
  b2?: number;
  hr?: number;
  sb?: number;
  sh?: number;
  sf?: number;
}
export interface SheetPitcher {
  no: number;
  /** as written on the sheet */
  ip: string;
  outs: number;
  decision?: 'W' | 'L';
  h?: number;
  r?: number;
  er?: number;
  bb?: number;
  so?: number;
  hr?: number;
}

/**
 * A 7-inning game from a scoresheet, 9 batters a side and 3 pitchers, away winning 4:2: every
 * batter's outs add up to the innings (at-bats − hits + sacrifices = 21), the pitchers' lines to the
 * other side's. 타석 and 상대 타자 are not on the sheet: 32 … follow from it.
 */
export const sheetGame = {
  innings: { away: [1, 0, 0, 2, 0, 1, 0], home: [0, 1, 0, 0, 1, 0, 0] },
  away: {
    batting: [
      { no: 1, ab: 4, r: 1, h: 2, b2: 1 },
      { no: 2, ab: 3, r: 1, h: 1, bb: 1, so: 1, sb: 1 },
      { no: 3, ab: 4, r: 1, h: 2, rbi: 2, hr: 1 },
      { no: 4, ab: 3, r: 1, h: 1, rbi: 1, so: 1 },
      { no: 5, ab: 2, h: 1, rbi: 1, sf: 1 },
      { no: 6, ab: 3, so: 2 },
      { no: 7, ab: 3, h: 1 },
      { no: 8, ab: 3, so: 1 },
      { no: 9, ab: 3, so: 1 },
    ] as SheetBatter[],
    pitching: [
      { no: 10, ip: '6', outs: 18, decision: 'W', h: 4, r: 2, er: 2, bb: 1, so: 4 },
      { no: 11, ip: '1', outs: 3, h: 1, so: 1 },
    ] as SheetPitcher[],
  },
  home: {
    batting: [
      { no: 1, ab: 2, r: 1, h: 1, bb: 1 },
      { no: 2, ab: 3, h: 1, rbi: 1, so: 1 },
      { no: 3, ab: 3, r: 1, h: 2, rbi: 1, b2: 1 },
      { no: 4, ab: 3, so: 1 },
      { no: 5, ab: 3, h: 1 },
      { no: 6, ab: 3, so: 1 },
      { no: 7, ab: 3 },
      { no: 8, ab: 2, so: 1, sh: 1 },
      { no: 9, ab: 3, so: 1 },
    ] as SheetBatter[],
    pitching: [
      { no: 10, ip: '7', outs: 21, decision: 'L', h: 8, r: 4, er: 3, bb: 1, so: 6, hr: 1 },
    ] as SheetPitcher[],
  },
} as const;

/** 타석 of each batter and 상대 타자 of each pitcher as they follow from the sheet. */
export const sheetGameFigures = {
  pa: { away: [4, 4, 4, 3, 3, 3, 3, 3, 3], home: [3, 3, 3, 3, 3, 3, 3, 3, 3] },
  bf: { away: [23, 4], home: [30] },
} as const;

type User = ReturnType<typeof countingUser>;

/**
 * Types one column of figures top to bottom as a scorer does: a click on the first figure, Enter
 * down to the next when it is on the line below, a click when blank lines lie between.
 */
export async function typeColumn(
  user: User,
  cell: (row: number) => Locator,
  values: ReadonlyArray<number | string | undefined>,
): Promise<void> {
  let at = -1;
  for (const [i, value] of values.entries()) {
    if (!value) continue;
    if (at >= 0 && i === at + 1) await user.press('Enter');
    else await user.click(cell(i));
    await user.type(String(value));
    at = i;
  }
}

/**
 * Types one line left to right: a click on its first cell, the arrow key across blank cells, a
 * click when more than two lie between. `cells` are the line's cells in the grid's order.
 */
export async function typeLine(
  user: User,
  cells: ReadonlyArray<readonly [Locator, number | string | undefined]>,
): Promise<void> {
  let at = -1;
  for (const [i, [cell, value]] of cells.entries()) {
    if (value === undefined || value === '' || (value === 0 && i > 0)) continue;
    if (at >= 0 && i - at <= 3) for (let k = at; k < i; k++) await user.press('ArrowRight');
    else await user.click(cell);
    await user.type(String(value));
    at = i;
  }
}

/** The line score typed across, a 0 in every half the side batted. */
export async function typeLineScore(page: Page, user: User): Promise<void> {
  for (const side of ['away', 'home'] as const) {
    const name = side === 'away' ? '원정 팀' : '홈 팀';
    const runs = sheetGame.innings[side];
    await typeLine(
      user,
      runs.map((r, i) => [page.getByLabel(`${name} ${i + 1}회 득점`, { exact: true }), String(r)]),
    );
  }
}

/** The sheet's batting columns and the grid's words for them. */
export const sheetBattingColumns = [
  ['ab', '타수'],
  ['r', '득점'],
  ['h', '안타'],
  ['rbi', '타점'],
  ['bb', '볼넷'],
  ['so', '삼진'],
  ['b2', '2루타'],
  ['hr', '홈런'],
  ['sb', '도루'],
  ['sh', '희생번트'],
  ['sf', '희생플라이'],
] as const;

/** A pitcher's figure under a column of the grid's pitching table ('이닝', '피안타' …), if the sheet has it. */
export function pitcherFigure(p: SheetPitcher, column: string): number | string | undefined {
  const byColumn: Record<string, number | string | undefined> = {
    투수: p.no,
    결과: p.decision,
    이닝: p.ip,
    피안타: p.h,
    실점: p.r,
    자책: p.er,
    볼넷: p.bb,
    탈삼진: p.so,
    피홈런: p.hr,
  };
  return byColumn[column];
}
