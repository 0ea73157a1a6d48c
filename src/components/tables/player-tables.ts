import { paths } from '../../lib/paths.ts';
import type { SeasonRef } from '../../lib/paths.ts';
import type { BatterTotals, PitcherTotals } from '../../server/read/player-lines.ts';
import type { TeamTotals } from '../../server/read/league-records.ts';
import type { GameLogEntry, StageLines } from '../../server/read/player.ts';
import type { RosterEntry } from '../../server/read/types.ts';
import { formatShortKoreanDate } from '../utils/korean-date.ts';
import { DECISION_LABELS, RESULT_LABELS, handsLabel } from '../utils/game-labels.ts';
import { ROSTER_STATUS_LABELS } from '../../server/read/teams.ts';
import {
  BATTING_COLUMNS,
  GAME_BATTING_COLUMNS,
  GAME_PITCHING_COLUMNS,
  PITCHING_COLUMNS,
  battingCells,
  gameBattingCells,
  gamePitchingCells,
  pitchingCells,
} from '../utils/stat-tables.ts';
import type { Cell, TableModel } from '../utils/table.ts';

const backNo = (n: number | null) => (n === null ? '-' : String(n));

/** A team's roster in a league. */
export function rosterTable(
  caption: string,
  roster: readonly RosterEntry[],
  season: SeasonRef,
): TableModel {
  return {
    caption,
    columns: [
      { label: '등번호', numeric: true },
      { label: '선수' },
      { label: '포지션' },
      { label: '투타' },
      { label: '상태' },
    ],
    rows: roster.map((r) => [
      backNo(r.player.backNumber),
      { text: r.player.name, href: paths.player(season, r.player.teamId, r.player.id) },
      r.position || '-',
      handsLabel(r.throws, r.bats) || '-',
      ROSTER_STATUS_LABELS[r.status],
    ]),
    rowHeader: 1,
    empty: '등록된 선수가 없습니다.',
  };
}

/** Extras of a team's player tables: the CSV link, and the team's totals line of the league. */
interface TeamTableOptions {
  csvHref?: string;
  /** the records room's totals of the team (src/server/read/league-records.ts), shown as the foot line */
  totals?: TeamTotals | null;
}

/** The label of a team's totals line, in the 선수 column of its tables and CSV. */
export const TEAM_TOTALS_LABEL = '팀 합계';

/** A team's batters over a league, with the team's totals line below. */
export function teamBattingTable(
  caption: string,
  batters: readonly BatterTotals[],
  season: SeasonRef,
  { csvHref, totals }: TeamTableOptions = {},
): TableModel {
  return {
    caption,
    csvHref,
    columns: [{ label: '등번호', numeric: true }, { label: '선수' }, ...BATTING_COLUMNS],
    rows: batters.map((b) => [
      backNo(b.player.backNumber),
      { text: b.player.name, href: paths.player(season, b.team.id, b.player.id) },
      ...battingCells(b.games, b.line),
    ]),
    foot: totals ? [['', TEAM_TOTALS_LABEL, ...battingCells(totals.games, totals.batting)]] : [],
    rowHeader: 1,
    empty: '타격 기록이 없습니다.',
  };
}

/** A team's pitchers over a league, with the team's totals line below. */
export function teamPitchingTable(
  caption: string,
  pitchers: readonly PitcherTotals[],
  eraBasis: number,
  season: SeasonRef,
  { csvHref, totals }: TeamTableOptions = {},
): TableModel {
  return {
    caption,
    csvHref,
    columns: [{ label: '등번호', numeric: true }, { label: '선수' }, ...PITCHING_COLUMNS],
    rows: pitchers.map((p) => [
      backNo(p.player.backNumber),
      { text: p.player.name, href: paths.player(season, p.team.id, p.player.id) },
      ...pitchingCells(p.games, p.line, eraBasis),
    ]),
    foot: totals
      ? [['', TEAM_TOTALS_LABEL, ...pitchingCells(totals.games, totals.pitching, eraBasis)]]
      : [],
    rowHeader: 1,
    empty: '투구 기록이 없습니다.',
  };
}

/** A player's batting season by season in one part of his record, with its career line below. */
export function careerBattingTable(name: string, record: StageLines, csvHref?: string): TableModel {
  return {
    caption: `${name} ${record.label} 타격 기록`,
    csvHref,
    // Season and team, then the key figures: AVG to OPS fit a phone's width; the league comes last.
    columns: [{ label: '시즌' }, { label: '팀' }, ...BATTING_COLUMNS, { label: '리그' }],
    rows: record.batting.map((s) => [
      s.seasonName,
      s.team.shortName,
      ...battingCells(s.games, s.line),
      s.leagueName,
    ]),
    // The career line says which part of the record it adds up.
    foot: record.careerBatting
      ? [
          [
            `${record.label} 통산`,
            '',
            ...battingCells(record.careerBatting.games, record.careerBatting.line),
            '',
          ],
        ]
      : [],
    rowHeader: 0,
    empty: `${record.label} 타격 기록이 없습니다.`,
  };
}

/** A player's pitching season by season in one part of his record, with its career line below. */
export function careerPitchingTable(
  name: string,
  record: StageLines,
  csvHref?: string,
): TableModel {
  return {
    caption: `${name} ${record.label} 투구 기록`,
    csvHref,
    columns: [{ label: '시즌' }, { label: '팀' }, ...PITCHING_COLUMNS, { label: '리그' }],
    rows: record.pitching.map((s) => [
      s.seasonName,
      s.team.shortName,
      ...pitchingCells(s.games, s.line, s.eraBasis),
      s.leagueName,
    ]),
    foot: record.careerPitching
      ? [
          [
            `${record.label} 통산`,
            '',
            ...pitchingCells(
              record.careerPitching.games,
              record.careerPitching.line,
              record.careerPitching.eraBasis,
            ),
            '',
          ],
        ]
      : [],
    rowHeader: 0,
    empty: `${record.label} 투구 기록이 없습니다.`,
  };
}

/**
 * A player's games of a season: result, then his pitching and batting lines (only the kinds he has;
 * pitching first when he pitched in as many games as he batted in, so a pitcher's figures lead).
 */
export function gameLogTable(
  caption: string,
  log: readonly GameLogEntry[],
  season: SeasonRef,
  csvHref?: string,
): TableModel {
  const batted = log.filter((g) => g.batting).length;
  const pitched = log.filter((g) => g.pitching).length;
  const dash = (columns: readonly unknown[]) => columns.map(() => '-' as Cell);
  const battingPart = {
    columns: batted ? GAME_BATTING_COLUMNS : [],
    cells: (g: GameLogEntry): Cell[] =>
      batted ? (g.batting ? gameBattingCells(g.batting) : dash(GAME_BATTING_COLUMNS)) : [],
  };
  const pitchingPart = {
    columns: pitched ? [{ label: '투구 결과' }, ...GAME_PITCHING_COLUMNS] : [],
    cells: (g: GameLogEntry): Cell[] =>
      pitched
        ? g.pitching
          ? [
              g.pitching.decision ? DECISION_LABELS[g.pitching.decision] : '-',
              ...gamePitchingCells(g.pitching),
            ]
          : dash([0, ...GAME_PITCHING_COLUMNS])
        : [],
  };
  const parts = pitched >= batted ? [pitchingPart, battingPart] : [battingPart, pitchingPart];
  return {
    caption,
    csvHref,
    columns: [
      { label: '날짜' },
      { label: '상대' },
      { label: '결과' },
      ...parts.flatMap((part) => part.columns),
    ],
    rows: log.map((g): Cell[] => [
      { text: formatShortKoreanDate(g.date), href: paths.boxScore(season, g.leagueId, g.gameId) },
      `${g.home ? 'vs' : '@'} ${g.opponent.shortName}`,
      g.result ? `${RESULT_LABELS[g.result]} ${g.teamScore}:${g.opponentScore}` : '-',
      ...parts.flatMap((part) => part.cells(g)),
    ]),
    rowHeader: 0,
    empty: '이 시즌 출전 기록이 없습니다.',
  };
}
