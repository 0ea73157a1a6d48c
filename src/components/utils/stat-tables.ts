import {
  battingFractions,
  formatEra,
  formatInnings,
  formatInningsFraction,
  formatRate,
  formatWhip,
  pitchingFractions,
  totalBases,
} from '../../lib/stats/index.ts';
import type { BattingLine, PitchingLine, PitchingTotals } from '../../lib/stats/index.ts';
import { BATTING_LINE, PITCHING_LINE } from '../../lib/stats/line-columns.ts';
import type { BattingLineKey, PitchingLineKey } from '../../lib/stats/line-columns.ts';
import { termColumn } from './glossary.ts';
import type { Term } from './glossary.ts';
import type { Cell, Column } from './table.ts';

/** Innings as people read them (6⅔) on the page, as a scorebook writes them (6.2) in the CSV. */
export function inningsCell(outs: number): Cell {
  return { text: formatInningsFraction(outs), csv: formatInnings(outs) };
}

/**
 * Columns of a season batting line after the columns that name the row: the key figures first
 * (AVG, OBP, SLG, OPS, as KBO lists them) so a phone shows them without scrolling, the counts after.
 */
export const BATTING_COLUMNS: Column[] = [
  termColumn('avg'),
  termColumn('obp'),
  termColumn('slg'),
  termColumn('ops'),
  termColumn('games'),
  termColumn('pa'),
  termColumn('ab'),
  termColumn('r'),
  termColumn('h'),
  termColumn('b2'),
  termColumn('b3'),
  termColumn('hr'),
  termColumn('tb'),
  termColumn('rbi'),
  termColumn('sb'),
  termColumn('cs'),
  termColumn('bb'),
  termColumn('hbp'),
  termColumn('so'),
  termColumn('sh'),
  termColumn('sf'),
  termColumn('e'),
];

/** Cells of a batting line for BATTING_COLUMNS. */
export function battingCells(games: number, line: BattingLine): Cell[] {
  const rates = battingFractions(line);
  return [
    formatRate(rates.avg),
    formatRate(rates.obp),
    formatRate(rates.slg),
    formatRate(rates.ops),
    games,
    line.pa,
    line.ab,
    line.r,
    line.h,
    line.b2,
    line.b3,
    line.hr,
    totalBases(line),
    line.rbi,
    line.sb,
    line.cs,
    line.bb,
    line.hbp,
    line.so,
    line.sh,
    line.sf,
    line.e,
  ];
}

/** Columns of a season pitching line: ERA, IP, W, L, SO, WHIP first (KBO's order), the rest after. */
export const PITCHING_COLUMNS: Column[] = [
  termColumn('era'),
  termColumn('ip'),
  termColumn('w'),
  termColumn('l'),
  termColumn('k'),
  termColumn('whip'),
  termColumn('games'),
  termColumn('sv'),
  termColumn('hld'),
  termColumn('bf'),
  termColumn('ha'),
  termColumn('hra'),
  termColumn('bb'),
  termColumn('hbp'),
  termColumn('wp'),
  termColumn('ra'),
  termColumn('er'),
];

/** Cells of a pitching line for PITCHING_COLUMNS (ERA with the league's basis). */
export function pitchingCells(games: number, line: PitchingTotals, eraBasis: number): Cell[] {
  const rates = pitchingFractions(line, eraBasis);
  return [
    formatEra(rates.era),
    inningsCell(line.outs),
    line.w,
    line.l,
    line.so,
    formatWhip(rates.whip),
    games,
    line.sv,
    line.hld,
    line.bf,
    line.h,
    line.hr,
    line.bb,
    line.hbp,
    line.wp,
    line.r,
    line.er,
  ];
}

/**
 * Counts of one game's batting line on the public pages: the one order of lib/stats/line-columns.ts.
 * 도루 실패 and 병살타 are left to the box score's summary lines (주요 기록).
 */
const BOX_BATTING = BATTING_LINE.filter(
  (k): k is Exclude<BattingLineKey, 'cs' | 'gidp'> => k !== 'cs' && k !== 'gidp',
);

/** Columns of one game's batting line (box score, game log): 타수 안타 타점 득점 first, as box scores read. */
export const GAME_BATTING_COLUMNS: Column[] = BOX_BATTING.map((k) => termColumn(k));

/** Cells of one game's batting line. */
export function gameBattingCells(line: BattingLine): Cell[] {
  return BOX_BATTING.map((k) => line[k]);
}

/** The glossary's term for each figure of a pitching line (a pitcher's 안타 is 피안타). */
const PITCHING_TERMS: Record<PitchingLineKey, Term> = {
  outs: 'ip',
  h: 'ha',
  r: 'ra',
  er: 'er',
  bb: 'bb',
  so: 'k',
  bf: 'bf',
  hbp: 'hbp',
  hr: 'hra',
  wp: 'wp',
};

/** Columns of one game's pitching line: 이닝 피안타 실점 자책 first. */
export const GAME_PITCHING_COLUMNS: Column[] = PITCHING_LINE.map((k) =>
  termColumn(PITCHING_TERMS[k]),
);

/** Cells of one game's pitching line. */
export function gamePitchingCells(line: PitchingLine): Cell[] {
  return PITCHING_LINE.map((k) => (k === 'outs' ? inningsCell(line.outs) : line[k]));
}
