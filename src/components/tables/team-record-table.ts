import { formatPct } from '../../lib/stats/index.ts';
import type { SplitLine, TeamSplits } from '../../lib/stats/team-splits.ts';
import type { Cell, Column, TableModel } from '../utils/table.ts';

// W-L-D-PCT come right after the row's name, as in the standings, so a phone shows them without scrolling.
const FIGURES: Column[] = [
  { label: '승', numeric: true },
  { label: '패', numeric: true },
  { label: '무', numeric: true },
  { label: '승률', numeric: true },
  { label: '경기', numeric: true },
  { label: '득점', numeric: true },
  { label: '실점', numeric: true },
];

const figures = (s: SplitLine): Cell[] => [s.w, s.l, s.d, formatPct(s.pct), s.g, s.rs, s.ra];

/** A team's record in a league: in all, at home and away. */
export function teamRecordTable(caption: string, splits: TeamSplits): TableModel {
  return {
    caption,
    columns: [{ label: '구분' }, ...FIGURES],
    rows:
      splits.total.g === 0
        ? []
        : [
            ['전체', ...figures(splits.total)],
            ['홈', ...figures(splits.home)],
            ['원정', ...figures(splits.away)],
          ],
    rowHeader: 0,
    empty: '아직 끝난 경기가 없습니다.',
  };
}

/** A team's record against each opponent it has met in a league. */
export function opponentRecordTable(
  caption: string,
  splits: TeamSplits,
  opponentName: (id: number | string) => string,
): TableModel {
  return {
    caption,
    columns: [{ label: '상대', wrap: true }, ...FIGURES],
    rows: splits.opponents.map((o) => [opponentName(o.opponentId), ...figures(o.line)]),
    rowHeader: 0,
    empty: '아직 맞붙은 팀이 없습니다.',
  };
}
