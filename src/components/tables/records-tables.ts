import { paths } from '../../lib/paths.ts';
import type { SeasonRef } from '../../lib/paths.ts';
import type { LeagueRecords } from '../../server/read/league-records.ts';
import { RECORD_VIEWS, sortRows } from '../utils/record-views.ts';
import type { RecordView } from '../utils/record-views.ts';
import {
  BATTING_COLUMNS,
  PITCHING_COLUMNS,
  battingCells,
  pitchingCells,
} from '../utils/stat-tables.ts';
import type { Cell, Column, TableModel } from '../utils/table.ts';
import { teamLabels } from '../utils/team-labels.ts';

/** How the league's tables name each team, by id: the teams with lines in the league. */
const labelsOf = (records: LeagueRecords) => teamLabels(records.teams.map((t) => t.team));

/**
 * One league's batting or pitching table of the records room in a view's order. Headers of sortable
 * columns link to that column's own prebuilt order (qualified or all, as the current view).
 */
export function recordsTable(
  records: LeagueRecords,
  view: RecordView,
  league: { id: number; name: string },
  season: SeasonRef,
): TableModel {
  const batting = view.kind === 'batting';
  // A rate column links to its order in the same scope (qualified or all); counts have one order.
  const linkOf = (label: string): Pick<Column, 'href' | 'sort'> => {
    const target = RECORD_VIEWS.find(
      (v) =>
        v.kind === view.kind &&
        v.label === label &&
        (!isRate(v) || v.qualifiedOnly === view.qualifiedOnly),
    );
    if (!target) return {};
    return {
      href: paths.recordsView(season, league.id, target.key),
      ...(target.label === view.label
        ? { sort: view.direction === 'asc' ? ('ascending' as const) : ('descending' as const) }
        : {}),
    };
  };
  const stats = (batting ? BATTING_COLUMNS : PITCHING_COLUMNS).map((c) => ({
    ...c,
    ...linkOf(c.label),
  }));
  const teams = labelsOf(records);
  const rows = batting
    ? sortRows(records.batters, view).map((b, i): Cell[] => [
        i + 1,
        { text: b.player.name, href: paths.player(season, b.team.id, b.player.id) },
        teams.get(b.team.id)!,
        ...battingCells(b.games, b.line),
      ])
    : sortRows(records.pitchers, view).map((p, i): Cell[] => [
        i + 1,
        { text: p.player.name, href: paths.player(season, p.team.id, p.player.id) },
        teams.get(p.team.id)!,
        ...pitchingCells(p.games, p.line, records.eraBasis),
      ]);
  const scope = view.qualifiedOnly ? (batting ? '규정 타석 이상' : '규정 이닝 이상') : '전체 선수';
  return {
    caption: `${league.name} ${batting ? '타격' : '투구'} 기록 (${view.label} 순, ${scope})`,
    columns: [{ label: '순위', numeric: true }, { label: '선수' }, { label: '팀' }, ...stats],
    rows,
    rowHeader: 1,
    empty: view.qualifiedOnly ? '규정을 채운 선수가 아직 없습니다.' : '기록이 없습니다.',
  };
}

/** Rate orders come in two scopes, qualified players and all. */
const isRate = (v: RecordView) =>
  v.key.endsWith('-all') || RECORD_VIEWS.some((o) => o.key === `${v.key}-all`);

/**
 * The league's team totals for the records room: one line per team with the same columns as the
 * players' table of that kind (key rates first), summed in the read model.
 */
export function teamTotalsTable(
  records: LeagueRecords,
  kind: 'batting' | 'pitching',
  league: { id: number; name: string },
  season: SeasonRef,
): TableModel {
  const batting = kind === 'batting';
  const teams = labelsOf(records);
  return {
    caption: `${league.name} 팀 ${batting ? '타격' : '투구'} 기록`,
    csvHref: paths.csv.teamTotals(league.id, kind),
    columns: [{ label: '팀' }, ...(batting ? BATTING_COLUMNS : PITCHING_COLUMNS)],
    teamIds: records.teams.map((t) => t.team.id),
    rows: records.teams.map((t): Cell[] => [
      { text: teams.get(t.team.id)!, href: paths.teamPlayers(season, t.team.id) },
      ...(batting
        ? battingCells(t.games, t.batting)
        : pitchingCells(t.games, t.pitching, records.eraBasis)),
    ]),
    rowHeader: 0,
    empty: '기록이 없습니다.',
  };
}
