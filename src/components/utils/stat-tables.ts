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
import type { Cell, Column } from './table.ts';

/** Innings as people read them (6⅔) on the page, as a scorebook writes them (6.2) in the CSV. */
export function inningsCell(outs: number): Cell {
  return { text: formatInningsFraction(outs), csv: formatInnings(outs) };
}

/** Columns of a season batting line after the columns that name the row. */
export const BATTING_COLUMNS: Column[] = [
  { label: '경기', numeric: true },
  { label: '타석', numeric: true },
  { label: '타수', numeric: true },
  { label: '득점', numeric: true },
  { label: '안타', numeric: true },
  { label: '2루타', numeric: true },
  { label: '3루타', numeric: true },
  { label: '홈런', numeric: true },
  { label: '루타', numeric: true },
  { label: '타점', numeric: true },
  { label: '볼넷', numeric: true },
  { label: '사구', abbr: '몸에 맞는 공', numeric: true },
  { label: '삼진', numeric: true },
  { label: '도루', numeric: true },
  { label: '도실', abbr: '도루 실패', numeric: true },
  { label: '희타', abbr: '희생 번트', numeric: true },
  { label: '희비', abbr: '희생 플라이', numeric: true },
  { label: '실책', numeric: true },
  { label: '타율', numeric: true },
  { label: '출루율', numeric: true },
  { label: '장타율', numeric: true },
  { label: 'OPS', abbr: '출루율 + 장타율', numeric: true },
];

/** Cells of a batting line for BATTING_COLUMNS. */
export function battingCells(games: number, line: BattingLine): Cell[] {
  const rates = battingFractions(line);
  return [
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
    line.bb,
    line.hbp,
    line.so,
    line.sb,
    line.cs,
    line.sh,
    line.sf,
    line.e,
    formatRate(rates.avg),
    formatRate(rates.obp),
    formatRate(rates.slg),
    formatRate(rates.ops),
  ];
}

/** Columns of a season pitching line after the columns that name the row. */
export const PITCHING_COLUMNS: Column[] = [
  { label: '경기', numeric: true },
  { label: '승', numeric: true },
  { label: '패', numeric: true },
  { label: '세', abbr: '세이브', numeric: true },
  { label: '홀드', numeric: true },
  { label: '이닝', numeric: true },
  { label: '타자', abbr: '상대 타자', numeric: true },
  { label: '피안타', numeric: true },
  { label: '피홈런', numeric: true },
  { label: '볼넷', numeric: true },
  { label: '사구', abbr: '몸에 맞는 공', numeric: true },
  { label: '탈삼진', numeric: true },
  { label: '폭투', numeric: true },
  { label: '실점', numeric: true },
  { label: '자책', abbr: '자책점', numeric: true },
  { label: '평균자책', abbr: '평균자책점', numeric: true },
  { label: 'WHIP', abbr: '이닝당 출루 허용', numeric: true },
];

/** Cells of a pitching line for PITCHING_COLUMNS (ERA with the league's basis). */
export function pitchingCells(games: number, line: PitchingTotals, eraBasis: number): Cell[] {
  const rates = pitchingFractions(line, eraBasis);
  return [
    games,
    line.w,
    line.l,
    line.sv,
    line.hld,
    inningsCell(line.outs),
    line.bf,
    line.h,
    line.hr,
    line.bb,
    line.hbp,
    line.so,
    line.wp,
    line.r,
    line.er,
    formatEra(rates.era),
    formatWhip(rates.whip),
  ];
}

/** Columns of one game's batting line (box score, game log). */
export const GAME_BATTING_COLUMNS: Column[] = [
  { label: '타석', numeric: true },
  { label: '타수', numeric: true },
  { label: '득점', numeric: true },
  { label: '안타', numeric: true },
  { label: '2루타', numeric: true },
  { label: '3루타', numeric: true },
  { label: '홈런', numeric: true },
  { label: '타점', numeric: true },
  { label: '볼넷', numeric: true },
  { label: '사구', abbr: '몸에 맞는 공', numeric: true },
  { label: '삼진', numeric: true },
  { label: '도루', numeric: true },
  { label: '희타', abbr: '희생 번트', numeric: true },
  { label: '희비', abbr: '희생 플라이', numeric: true },
  { label: '실책', numeric: true },
];

/** Cells of one game's batting line. */
export function gameBattingCells(line: BattingLine): Cell[] {
  return [
    line.pa,
    line.ab,
    line.r,
    line.h,
    line.b2,
    line.b3,
    line.hr,
    line.rbi,
    line.bb,
    line.hbp,
    line.so,
    line.sb,
    line.sh,
    line.sf,
    line.e,
  ];
}

/** Columns of one game's pitching line. */
export const GAME_PITCHING_COLUMNS: Column[] = [
  { label: '이닝', numeric: true },
  { label: '타자', abbr: '상대 타자', numeric: true },
  { label: '피안타', numeric: true },
  { label: '실점', numeric: true },
  { label: '자책', abbr: '자책점', numeric: true },
  { label: '볼넷', numeric: true },
  { label: '사구', abbr: '몸에 맞는 공', numeric: true },
  { label: '탈삼진', numeric: true },
  { label: '피홈런', numeric: true },
  { label: '폭투', numeric: true },
];

/** Cells of one game's pitching line. */
export function gamePitchingCells(line: PitchingLine): Cell[] {
  return [
    inningsCell(line.outs),
    line.bf,
    line.h,
    line.r,
    line.er,
    line.bb,
    line.hbp,
    line.so,
    line.hr,
    line.wp,
  ];
}

/** ERA of a game line as text, for a box score's last column (the league's ERA basis). */
export function gameEra(
  line: Pick<PitchingLine, 'outs' | 'er' | 'bb' | 'h'>,
  eraBasis: number,
): string {
  return formatEra(pitchingFractions(line, eraBasis).era);
}
