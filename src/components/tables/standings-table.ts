import { formatGamesBehind, formatPct } from '../../lib/stats/index.ts';
import { josa } from '../../lib/validation/josa.ts';
import { paths } from '../../lib/paths.ts';
import type { SeasonRef } from '../../lib/paths.ts';
import type { LeagueStandings } from '../../server/read/standings.ts';
import type { Cell, Column, TableModel } from '../utils/table.ts';

/** The note of every team of a tie, naming the rules that placed it: '동률, 승자승으로 순위 결정'. */
export function tieNoteText(rules: string | undefined): string {
  return rules ? `동률, ${josa(rules, '으로/로')} 순위 결정` : '';
}

/**
 * A league's standings table; with `compact`, only the columns the main page has room for.
 * W-L-(D)-PCT-GB come right after the team so a phone shows them without scrolling; games after.
 */
export function standingsTable(
  standings: LeagueStandings,
  season: SeasonRef,
  options: { compact?: boolean; csvHref?: string } = {},
): TableModel {
  const points = standings.league.rankingMethod === 'points';
  const compact = options.compact === true;
  const columns: Column[] = [
    { label: '순위', numeric: true },
    { label: '팀', wrap: true },
    { label: '승', numeric: true },
    { label: '패', numeric: true },
    { label: '무', numeric: true },
    ...(points ? [{ label: '승점', numeric: true }] : []),
    { label: '승률', numeric: true },
    { label: '게임차', numeric: true },
    { label: '경기', numeric: true },
    ...(compact
      ? []
      : [
          { label: '득점', numeric: true },
          { label: '실점', numeric: true },
          { label: '연속' },
          { label: '최근 10경기' },
          { label: '비고' },
        ]),
  ];
  const rows = standings.rows.map((row): Cell[] => [
    row.rank,
    { text: row.team.name, href: paths.teamSchedule(season, standings.league.id, row.team.id) },
    row.w,
    row.l,
    row.d,
    ...(points ? [row.points ?? 0] : []),
    formatPct(row.pctExact),
    formatGamesBehind(row.gb),
    row.g,
    ...(compact ? [] : [row.rs, row.ra, row.streak, row.last10, tieNoteText(row.tieNote)]),
  ]);
  return {
    caption: `${standings.league.name} 순위`,
    columns,
    rows,
    teamIds: standings.rows.map((row) => row.team.id),
    rowHeader: 1,
    csvHref: options.csvHref,
    empty: '팀이 없습니다.',
  };
}
