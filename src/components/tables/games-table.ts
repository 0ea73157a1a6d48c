import { paths } from '../../lib/paths.ts';
import type { SeasonRef } from '../../lib/paths.ts';
import type { GameSummary } from '../../server/read/types.ts';
import { formatKoreanTime, formatShortKoreanDate } from '../utils/korean-date.ts';
import { GAME_STATUS_LABELS, RESULT_LABELS, teamResult } from '../utils/game-labels.ts';
import type { Cell, Column, TableModel } from '../utils/table.ts';

/** What a game's result cell says: '5 : 3', '몰수 7 : 0', '연기', '예정'. */
export function resultText(game: GameSummary): string {
  const score =
    game.awayScore !== null && game.homeScore !== null
      ? `${game.awayScore} : ${game.homeScore}`
      : '';
  switch (game.status) {
    case 'final':
      return score || GAME_STATUS_LABELS.final;
    case 'forfeit':
      return score ? `몰수 ${score}` : GAME_STATUS_LABELS.forfeit;
    case 'suspended':
      return score ? `서스펜디드 ${score}` : GAME_STATUS_LABELS.suspended;
    default:
      return GAME_STATUS_LABELS[game.status];
  }
}

/** A schedule or result list: one row a game, away team first as Korean scoreboards write it. */
export function gamesTable(
  caption: string,
  games: readonly GameSummary[],
  season: SeasonRef,
  options: { showDate?: boolean; showLeague?: boolean; empty?: string } = {},
): TableModel {
  const { showDate = true, showLeague = false } = options;
  const columns: Column[] = [
    ...(showDate ? [{ label: '날짜' }] : []),
    { label: '시간' },
    { label: '경기 (원정 : 홈)' },
    { label: '결과', numeric: true },
    { label: '구장' },
    ...(showLeague ? [{ label: '리그' }] : []),
  ];
  const rows = games.map((game): Cell[] => [
    ...(showDate ? [formatShortKoreanDate(game.date)] : []),
    formatKoreanTime(game.time) || '미정',
    `${game.away.name} : ${game.home.name}`,
    {
      text: resultText(game),
      href: paths.boxScore(season, game.leagueId, game.id),
      title: `${game.away.name} 대 ${game.home.name} 경기 기록`,
    },
    game.venue || '미정',
    ...(showLeague
      ? [{ text: game.leagueName, href: paths.leagueSchedule(season, game.leagueId) }]
      : []),
  ]);
  return {
    caption,
    columns,
    rows,
    rowHeader: showDate ? 2 : 1,
    empty: options.empty ?? '경기가 없습니다.',
  };
}

/** One team's games from its own side: opponent, home or away, result. */
export function teamGamesTable(
  caption: string,
  games: readonly GameSummary[],
  teamId: number,
  season: SeasonRef,
): TableModel {
  const columns: Column[] = [
    { label: '날짜' },
    { label: '시간' },
    { label: '상대' },
    { label: '홈/원정' },
    { label: '결과' },
    { label: '점수', numeric: true },
    { label: '구장' },
  ];
  const rows = games.map((game): Cell[] => {
    const home = game.home.id === teamId;
    const opponent = home ? game.away : game.home;
    const result = teamResult(game, teamId);
    const mine = home ? game.homeScore : game.awayScore;
    const theirs = home ? game.awayScore : game.homeScore;
    const score = mine !== null && theirs !== null && result ? `${mine} : ${theirs}` : '';
    return [
      formatShortKoreanDate(game.date),
      formatKoreanTime(game.time) || '미정',
      opponent.name,
      home ? '홈' : '원정',
      result
        ? `${RESULT_LABELS[result]}${game.status === 'forfeit' ? ' (몰수)' : ''}`
        : GAME_STATUS_LABELS[game.status],
      {
        text: score || '-',
        href: paths.boxScore(season, game.leagueId, game.id),
        title: `${game.away.name} 대 ${game.home.name} 경기 기록`,
      },
      game.venue || '미정',
    ];
  });
  return { caption, columns, rows, rowHeader: 2, empty: '경기가 없습니다.' };
}
