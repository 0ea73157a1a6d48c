import type { GameStatus } from './schemas/game.ts';

/**
 * Where a game stands, in the words every public page and the console use. It is worked out from
 * the game's stored state (schemas/game.ts) and the day, never stored itself: a game past its day
 * with no result waits for it (결과 입력 대기) rather than reading as still to come.
 */
export const shownStatuses = [
  'scheduled',
  'live',
  'final',
  'awaiting',
  'postponed',
  'cancelled',
  'suspended',
] as const;
export type ShownStatus = (typeof shownStatuses)[number];

export const SHOWN_STATUS_LABELS: Readonly<Record<ShownStatus, string>> = {
  scheduled: '예정',
  live: '경기 중',
  final: '종료',
  awaiting: '결과 입력 대기',
  postponed: '연기',
  cancelled: '취소',
  suspended: '중단',
};

/** What the rule needs to know of a game. */
export interface GameStatusFacts {
  status: GameStatus;
  /** its day, YYYY-MM-DD in Asia/Seoul */
  date: string;
  /**
   * The line score a scorer sends as the game is played (decision 149): playing until he ends the
   * game, then ended until the record is saved; null or absent when none was sent.
   */
  live?: { state: 'playing' | 'ended' } | null;
}

/**
 * The status of a game on a given day (YYYY-MM-DD, Asia/Seoul). A game still to be played is 경기
 * 중 while its line score comes in live, 결과 입력 대기 once the scorer has ended it or its day has
 * passed with no result, and 예정 before (a game can go live before its day: the schedule may be
 * wrong); a forfeit is a game over (종료), its 몰수승 said beside; a suspended game is 중단.
 */
export function shownStatus(game: GameStatusFacts, today: string): ShownStatus {
  switch (game.status) {
    case 'final':
    case 'forfeit':
      return 'final';
    case 'postponed':
    case 'cancelled':
    case 'suspended':
      return game.status;
    case 'scheduled':
      if (game.live?.state === 'playing') return 'live';
      if (game.live?.state === 'ended') return 'awaiting';
      return game.date < today ? 'awaiting' : 'scheduled';
  }
}

/** The Korean word for a game's status on a given day. */
export const shownStatusLabel = (game: GameStatusFacts, today: string): string =>
  SHOWN_STATUS_LABELS[shownStatus(game, today)];
