import { paths } from '../../lib/paths.ts';
import type { SeasonRef } from '../../lib/paths.ts';
import type { BatterTotals, PitcherTotals } from '../../server/read/player-lines.ts';
import type { GameLogEntry, PlayerCareer } from '../../server/read/player.ts';
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

/** A team's batters over a league. */
export function teamBattingTable(
  caption: string,
  batters: readonly BatterTotals[],
  season: SeasonRef,
  csvHref?: string,
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
    rowHeader: 1,
    empty: '타격 기록이 없습니다.',
  };
}

/** A team's pitchers over a league. */
export function teamPitchingTable(
  caption: string,
  pitchers: readonly PitcherTotals[],
  eraBasis: number,
  season: SeasonRef,
  csvHref?: string,
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
    rowHeader: 1,
    empty: '투구 기록이 없습니다.',
  };
}

/** A player's batting season by season with the career line below. */
export function careerBattingTable(career: PlayerCareer, csvHref?: string): TableModel {
  return {
    caption: `${career.profile.name} 시즌별 타격 기록`,
    csvHref,
    columns: [{ label: '시즌' }, { label: '리그' }, { label: '팀' }, ...BATTING_COLUMNS],
    rows: career.batting.map((s) => [
      s.seasonName,
      s.leagueName,
      s.team.name,
      ...battingCells(s.games, s.line),
    ]),
    foot: career.careerBatting
      ? [['통산', '', '', ...battingCells(career.careerBatting.games, career.careerBatting.line)]]
      : [],
    rowHeader: 0,
    empty: '타격 기록이 없습니다.',
  };
}

/** A player's pitching season by season with the career line below. */
export function careerPitchingTable(career: PlayerCareer, csvHref?: string): TableModel {
  const basis =
    career.pitching.length && new Set(career.pitching.map((p) => p.eraBasis)).size === 1
      ? career.pitching[0].eraBasis
      : 7;
  return {
    caption: `${career.profile.name} 시즌별 투구 기록`,
    csvHref,
    columns: [{ label: '시즌' }, { label: '리그' }, { label: '팀' }, ...PITCHING_COLUMNS],
    rows: career.pitching.map((s) => [
      s.seasonName,
      s.leagueName,
      s.team.name,
      ...pitchingCells(s.games, s.line, s.eraBasis),
    ]),
    foot: career.careerPitching
      ? [
          [
            '통산',
            '',
            '',
            ...pitchingCells(career.careerPitching.games, career.careerPitching.line, basis),
          ],
        ]
      : [],
    rowHeader: 0,
    empty: '투구 기록이 없습니다.',
  };
}

/** A player's games of a season: result, then his batting and pitching lines (only the kinds he has). */
export function gameLogTable(
  caption: string,
  log: readonly GameLogEntry[],
  season: SeasonRef,
  csvHref?: string,
): TableModel {
  const batted = log.some((g) => g.batting);
  const pitched = log.some((g) => g.pitching);
  const dash = (columns: readonly unknown[]) => columns.map(() => '-' as Cell);
  return {
    caption,
    csvHref,
    columns: [
      { label: '날짜' },
      { label: '상대' },
      { label: '결과' },
      ...(batted ? GAME_BATTING_COLUMNS : []),
      ...(pitched ? [{ label: '투구 결과' }, ...GAME_PITCHING_COLUMNS] : []),
    ],
    rows: log.map((g): Cell[] => [
      { text: formatShortKoreanDate(g.date), href: paths.boxScore(season, g.leagueId, g.gameId) },
      `${g.home ? 'vs' : '@'} ${g.opponent.name}`,
      g.result ? `${RESULT_LABELS[g.result]} ${g.teamScore}:${g.opponentScore}` : '-',
      ...(batted ? (g.batting ? gameBattingCells(g.batting) : dash(GAME_BATTING_COLUMNS)) : []),
      ...(pitched
        ? g.pitching
          ? [
              g.pitching.decision ? DECISION_LABELS[g.pitching.decision] : '-',
              ...gamePitchingCells(g.pitching),
            ]
          : dash([0, ...GAME_PITCHING_COLUMNS])
        : []),
    ]),
    rowHeader: 0,
    empty: '이 시즌 출전 기록이 없습니다.',
  };
}
