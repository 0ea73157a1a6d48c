import type { GameStatus, LeagueStatus } from '../../server/db/schema.ts';
import { decidedResult } from '../../lib/stats/standings-game.ts';

/** Korean result letters (승, 패, 무): one list, shared with the standings' streaks. */
export { RESULT_LABELS } from '../../lib/stats/standings.ts';

/** Korean names of game statuses, shown plainly on every schedule and box score. */
export const GAME_STATUS_LABELS: Readonly<Record<GameStatus, string>> = {
  scheduled: '예정',
  final: '종료',
  postponed: '연기',
  cancelled: '취소',
  forfeit: '몰수',
  suspended: '서스펜디드',
};

/**
 * The status a list shows: a game still 'scheduled' after its date is waiting for its result
 * (결과 입력 대기), not 예정 — fans should not read it as still to come.
 */
export type ShownStatus = GameStatus | 'awaiting';

/** Korean names of shown statuses. */
export const SHOWN_STATUS_LABELS: Readonly<Record<ShownStatus, string>> = {
  ...GAME_STATUS_LABELS,
  awaiting: '결과 입력 대기',
};

/** The status to show for a game on a given day (YYYY-MM-DD, Asia/Seoul). */
export function shownStatus(
  game: { status: GameStatus; date: string },
  today: string,
): ShownStatus {
  return game.status === 'scheduled' && game.date < today ? 'awaiting' : game.status;
}

/** What a game's result says in text (calendars, descriptions): '5 : 3', '몰수 7 : 0', '연기', '예정'. */
export function resultText(game: {
  status: GameStatus;
  homeScore: number | null;
  awayScore: number | null;
}): string {
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

/** Korean names of league statuses. */
export const LEAGUE_STATUS_LABELS: Readonly<Record<LeagueStatus, string>> = {
  scheduled: '개막 전',
  ongoing: '진행 중',
  finished: '종료',
};

/** Korean names of pitching decisions. */
export const DECISION_LABELS = { W: '승', L: '패', S: '세', H: '홀드' } as const;

/** Korean names of batting and throwing hands. */
export const HAND_LABELS: Readonly<Record<string, string>> = { R: '우', L: '좌', S: '양' };

/** '우투좌타' style description of a player's hands; '' when unknown. */
export function handsLabel(throws: string | null, bats: string | null): string {
  if (!throws && !bats) return '';
  return `${throws ? `${HAND_LABELS[throws] ?? ''}투` : ''}${bats ? `${HAND_LABELS[bats] ?? ''}타` : ''}`;
}

/** 'W'/'L'/'D' for a team in a decided game, null otherwise. */
export function teamResult(
  game: {
    status: GameStatus;
    homeScore: number | null;
    awayScore: number | null;
    home: { id: number };
    away: { id: number };
  },
  teamId: number,
): 'W' | 'L' | 'D' | null {
  const home = teamId === game.home.id;
  return decidedResult(
    game.status,
    home ? game.homeScore : game.awayScore,
    home ? game.awayScore : game.homeScore,
  );
}
