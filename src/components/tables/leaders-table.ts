import type { LeaderBoard } from '../../server/read/leaders.ts';
import type { TableModel } from '../utils/table.ts';

/** Every leaderboard of a league as one table (for CSV): category, rank, player, team, value. */
export function leadersTable(leagueName: string, boards: readonly LeaderBoard[]): TableModel {
  return {
    caption: `${leagueName} 부문별 순위`,
    columns: [
      { label: '부문' },
      { label: '순위', numeric: true },
      { label: '선수' },
      { label: '팀' },
      { label: '기록', numeric: true },
    ],
    rows: boards.flatMap((board) =>
      board.entries.map((e) => [board.label, e.rank, e.player.name, e.team.name, e.value]),
    ),
    rowHeader: 2,
  };
}
