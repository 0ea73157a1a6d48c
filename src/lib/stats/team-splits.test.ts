import { describe, expect, it } from 'vitest';
import { teamSplits } from './team-splits.ts';
import type { StandingsGame } from './standings-game.ts';

const game = (
  id: number,
  home: number,
  away: number,
  homeScore: number,
  awayScore: number,
  extra: Partial<StandingsGame> = {},
): StandingsGame => ({
  id,
  date: `2026-05-0${id}`,
  homeTeamId: home,
  awayTeamId: away,
  homeScore,
  awayScore,
  status: 'final',
  ...extra,
});

describe('teamSplits', () => {
  // Team 1: beats 2 at home 5–3, loses at 3 2–4, draws at 2 1–1, wins a forfeit at home over 3
  // (recorded 0–0, counted 7–0); a game of 2 against 3 is not its own.
  const games = [
    game(1, 1, 2, 5, 3),
    game(2, 3, 1, 4, 2),
    game(3, 2, 1, 1, 1),
    game(4, 1, 3, 0, 0, { status: 'forfeit', forfeitWinnerTeamId: 1 }),
    game(5, 2, 3, 9, 0),
  ];
  const splits = teamSplits(1, games, [1, 2, 3, 4]);

  it('counts all, home and away games as the standings do, forfeits as 7–0', () => {
    expect(splits.total).toMatchObject({ g: 4, w: 2, l: 1, d: 1, rs: 15, ra: 8 });
    expect(splits.total.pct).toEqual({ n: 2, d: 3 });
    expect(splits.home).toMatchObject({ g: 2, w: 2, l: 0, d: 0, rs: 12, ra: 3 });
    expect(splits.away).toMatchObject({ g: 2, w: 0, l: 1, d: 1, rs: 3, ra: 5 });
  });

  it('gives one line per opponent met, in the given order, and none for teams not met', () => {
    expect(splits.opponents.map((o) => o.opponentId)).toEqual([2, 3]);
    expect(splits.opponents[0].line).toMatchObject({ g: 2, w: 1, l: 0, d: 1, rs: 6, ra: 4 });
    expect(splits.opponents[1].line).toMatchObject({ g: 2, w: 1, l: 1, d: 0, rs: 9, ra: 4 });
  });

  it('has no PCT before a decision (draws only)', () => {
    const none = teamSplits(4, [game(6, 4, 2, 0, 0), ...games], [2]);
    expect(none.total).toMatchObject({ g: 1, w: 0, l: 0, d: 1 });
    expect(none.total.pct).toBeNull();
  });
});
