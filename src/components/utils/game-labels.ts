import type { GameStatus, LeagueStatus } from '../../server/db/schema.ts';
import { SHOWN_STATUS_LABELS, shownStatus } from '../../lib/game-status.ts';
import { decidedResult } from '../../lib/stats/standings-game.ts';

/** Korean result letters (승, 패, 무): one list, shared with the standings' streaks. */
export { RESULT_LABELS } from '../../lib/stats/standings.ts';

/** Korean names of the stored game states (schedule edits, API labels). */
export { gameStatusLabels as GAME_STATUS_LABELS } from '../../lib/schemas/game.ts';

/** Where a game stands, in the one vocabulary of every page and the console (lib/game-status.ts). */
export { SHOWN_STATUS_LABELS, shownStatus } from '../../lib/game-status.ts';
export type { ShownStatus } from '../../lib/game-status.ts';

/**
 * What a game's result says in text (calendars, descriptions): '5 : 3', '몰수 7 : 0', '중단 2 : 1',
 * or where it stands ('연기', '예정'; '결과 입력 대기' past its day when `today` is given).
 */
export function resultText(
  game: {
    status: GameStatus;
    homeScore: number | null;
    awayScore: number | null;
    date?: string;
  },
  today?: string,
): string {
  const score =
    game.awayScore !== null && game.homeScore !== null
      ? `${game.awayScore} : ${game.homeScore}`
      : '';
  const label = SHOWN_STATUS_LABELS[shownStatus({ ...game, date: game.date ?? '' }, today ?? '')];
  switch (game.status) {
    case 'final':
      return score || label;
    case 'forfeit':
      return score ? `몰수 ${score}` : '몰수';
    case 'suspended':
      return score ? `${label} ${score}` : label;
    default:
      return label;
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
