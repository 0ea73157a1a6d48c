import { describe, expect, it } from 'vitest';
import { drawLots } from './lots.ts';
import { teamGames } from './standings-game.ts';
import type { StandingsGame } from './standings-game.ts';
import { DEFAULT_STANDINGS_RULES } from './standings-rules.ts';
import type { StandingsRules } from './standings-rules.ts';
import { breakTies } from './tie-breakers.ts';

let nextId = 1;
const game = (
  home: string,
  away: string,
  homeScore: number,
  awayScore: number,
  extra: Partial<StandingsGame> = {},
): StandingsGame => ({
  id: nextId++,
  date: '2025-05-01',
  homeTeamId: home,
  awayTeamId: away,
  homeScore,
  awayScore,
  status: 'final',
  ...extra,
});
const sidesOf = (games: StandingsGame[]) => games.flatMap((g) => teamGames(g, 7));
const rules: StandingsRules = DEFAULT_STANDINGS_RULES;

describe('breakTies', () => {
  it('uses head-to-head first', () => {
    const sides = sidesOf([game('B', 'A', 1, 0)]);
    expect(breakTies(['A', 'B'], sides, rules)).toEqual({
      order: ['B', 'A'],
      separatedBy: ['h2h'],
    });
  });

  it('counts innings at bat from outs when given', () => {
    // A won 4–3 at home over 7 full innings; B won 4–3 at home without batting in the 7th (18 outs at bat).
    // A: 7 runs / 14 inn at bat − 7 / 13 in the field < 0; B the mirror > 0. With 21 outs assumed they would be level.
    const sides = sidesOf([
      game('A', 'B', 4, 3, { homeOutsBatted: 21, awayOutsBatted: 21 }),
      game('B', 'A', 4, 3, { homeOutsBatted: 18, awayOutsBatted: 21 }),
    ]);
    expect(breakTies(['A', 'B'], sides, rules)).toEqual({
      order: ['B', 'A'],
      separatedBy: ['tqb'],
    });
  });

  it('falls to ER-TQB when runs balance', () => {
    // Split 3–2 and 2–3: TQB level. Earned runs: A scored 3 + 2, allowed 0 + 1; B the reverse.
    const sides = sidesOf([
      game('A', 'B', 3, 2, { homeEarnedRuns: 3, awayEarnedRuns: 0 }),
      game('B', 'A', 3, 2, { homeEarnedRuns: 1, awayEarnedRuns: 2 }),
    ]);
    expect(breakTies(['B', 'A'], sides, rules)).toEqual({
      order: ['A', 'B'],
      separatedBy: ['er_tqb'],
    });
  });

  it('skips ER-TQB without earned runs and uses batting average in those games', () => {
    // A: (4 + 3) / (12 + 13) = .280, B: (2 + 4) / (11 + 14) = .240
    const sides = sidesOf([
      game('A', 'B', 3, 2, { homeAb: 12, homeH: 4, awayAb: 11, awayH: 2 }),
      game('B', 'A', 3, 2, { homeAb: 14, homeH: 4, awayAb: 13, awayH: 3 }),
    ]);
    expect(breakTies(['B', 'A'], sides, rules)).toEqual({
      order: ['A', 'B'],
      separatedBy: ['avg'],
    });
  });

  it('draws lots, the same way on every build, when nothing else separates', () => {
    const sides = sidesOf([game('A', 'B', 3, 2), game('B', 'A', 3, 2)]);
    const seeded = { ...rules, lotSeed: 42 };
    const expected = drawLots(['A', 'B'], 42);
    expect(breakTies(['A', 'B'], sides, seeded)).toEqual({
      order: expected,
      separatedBy: ['lots'],
    });
    expect(breakTies(['B', 'A'], sides, seeded).order).toEqual(expected);
  });

  it('leaves teams level when the rules run out', () => {
    const sides = sidesOf([game('A', 'B', 3, 2), game('B', 'A', 3, 2)]);
    expect(breakTies(['B', 'A'], sides, { ...rules, tieBreakers: ['h2h', 'tqb'] })).toEqual({
      order: ['B', 'A'],
      separatedBy: [null],
    });
  });

  it('follows the league order of rules', () => {
    // Split 0–1 and 9–0: TQB favours A (9 runs to 1), batting average favours B (11/40 to 10/40).
    const sides = sidesOf([
      game('A', 'B', 0, 1, { homeAb: 20, homeH: 8, awayAb: 20, awayH: 2 }),
      game('A', 'B', 9, 0, { homeAb: 20, homeH: 2, awayAb: 20, awayH: 9 }),
    ]);
    expect(breakTies(['A', 'B'], sides, { ...rules, tieBreakers: ['avg', 'tqb'] }).order).toEqual([
      'B',
      'A',
    ]);
    expect(breakTies(['A', 'B'], sides, { ...rules, tieBreakers: ['tqb', 'avg'] }).order).toEqual([
      'A',
      'B',
    ]);
  });

  it('ranks a team that has not met the others at .500 on head-to-head', () => {
    // A beat B; C met neither: A 1.000, C .500, B .000
    const sides = sidesOf([game('A', 'B', 2, 1)]);
    expect(breakTies(['B', 'C', 'A'], sides, rules)).toEqual({
      order: ['A', 'C', 'B'],
      separatedBy: ['h2h', 'h2h'],
    });
  });

  it('compares head-to-head on points in a points league', () => {
    // 3/1/0 points. A: D, D, W = 5; C: L, W, D = 4; B: D, D, L, D = 3.
    const sides = sidesOf([
      game('A', 'B', 1, 1),
      game('B', 'A', 2, 2),
      game('A', 'C', 5, 0),
      game('C', 'B', 3, 1),
      game('B', 'C', 0, 0),
    ]);
    const points: StandingsRules = {
      ...rules,
      rankingMethod: 'points',
      pointsWin: 3,
      pointsDraw: 1,
      pointsLoss: 0,
    };
    expect(breakTies(['C', 'B', 'A'], sides, points)).toEqual({
      order: ['A', 'C', 'B'],
      separatedBy: ['h2h', 'h2h'],
    });
  });
});
