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

interface ScoredGame {
  status: GameStatus;
  homeScore: number | null;
  awayScore: number | null;
  /** the line score sent while it is played (decision 149) */
  live?: { state: 'playing' | 'ended'; awayRuns: number; homeRuns: number } | null;
}

/**
 * The score a game shows: its result once recorded (or the score of a suspended game), the runs
 * so far of a game scored live, in the same place and form; null for a game with neither.
 */
export function shownScore(game: ScoredGame): { away: number; home: number } | null {
  if (game.status === 'scheduled')
    return game.live ? { away: game.live.awayRuns, home: game.live.homeRuns } : null;
  return game.awayScore !== null && game.homeScore !== null
    ? { away: game.awayScore, home: game.homeScore }
    : null;
}

/**
 * What a game's result says in text (calendars, descriptions): '5 : 3', '몰수 7 : 0', '중단 2 : 1',
 * '경기 중 3 : 5',
 * or where it stands ('연기', '예정'; '결과 입력 대기' past its day when `today` is given).
 */
export function resultText(game: ScoredGame & { date?: string }, today?: string): string {
  const shown = shownScore(game);
  const score = shown ? `${shown.away} : ${shown.home}` : '';
  const label = SHOWN_STATUS_LABELS[shownStatus({ ...game, date: game.date ?? '' }, today ?? '')];
  switch (game.status) {
    case 'final':
      return score || label;
    case 'forfeit':
      return score ? `몰수 ${score}` : '몰수';
    case 'suspended':
    case 'scheduled':
      // a game scored live: '경기 중 3 : 5', then '결과 입력 대기 3 : 5' once the scorer ends it
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
