import { describe, expect, it } from 'vitest';
import { computeStandings, gamesBehind, lastTenLabel, streakLabel } from './standings.ts';
import type { StandingsGame } from './standings-game.ts';
import { DEFAULT_STANDINGS_RULES } from './standings-rules.ts';
import type { StandingsRules } from './standings-rules.ts';

const rules: StandingsRules = DEFAULT_STANDINGS_RULES;
let nextId = 1;
const game = (
  date: string,
  home: string,
  away: string,
  homeScore: number,
  awayScore: number,
  extra: Partial<StandingsGame> = {},
): StandingsGame => ({
  id: nextId++,
  date: `2025-05-${date}`,
  homeTeamId: home,
  awayTeamId: away,
  homeScore,
  awayScore,
  status: 'final',
  ...extra,
});
const pick = <T, K extends keyof T>(rows: readonly T[], ...keys: K[]) =>
  rows.map((row) => Object.fromEntries(keys.map((key) => [key, row[key]])));

describe('computeStandings', () => {
  it('works a double round robin by hand: records, PCT, GB, runs, streak, last 10', () => {
    const games = [
      game('01', 'A', 'B', 3, 1),
      game('01', 'C', 'D', 2, 2),
      game('02', 'A', 'C', 4, 0),
      game('02', 'B', 'D', 5, 1),
      game('03', 'A', 'D', 6, 2),
      game('03', 'B', 'C', 3, 2),
      game('04', 'B', 'A', 2, 1),
      game('04', 'D', 'C', 0, 1),
      game('05', 'C', 'A', 0, 2),
      game('05', 'D', 'B', 3, 4),
      game('06', 'D', 'A', 1, 5),
      game('06', 'C', 'B', 6, 5),
    ];
    // team  W-L-D   PCT    GB = ((5 − W) + (L − 1)) / 2   RS  RA  results (oldest first)
    // A     5-1-0   .833   -                             21   6  W W W L W W
    // B     4-2-0   .667   (1 + 1) / 2 = 1.0             20  16  L W W W W L
    // C     2-3-1   .400   (3 + 2) / 2 = 2.5             11  16  D L L W L W
    // D     0-5-1   .000   (5 + 4) / 2 = 4.5              9  23  D L L L L L
    const rows = computeStandings(['D', 'C', 'B', 'A'], games, rules);
    expect(rows).toEqual([
      {
        rank: 1,
        teamId: 'A',
        g: 6,
        w: 5,
        l: 1,
        d: 0,
        pct: 5 / 6,
        pctExact: { n: 5, d: 6 },
        points: null,
        gb: 0,
        rs: 21,
        ra: 6,
        streak: '2승',
        last10: '5승 1패 0무',
      },
      {
        rank: 2,
        teamId: 'B',
        g: 6,
        w: 4,
        l: 2,
        d: 0,
        pct: 4 / 6,
        pctExact: { n: 4, d: 6 },
        points: null,
        gb: 1,
        rs: 20,
        ra: 16,
        streak: '1패',
        last10: '4승 2패 0무',
      },
      {
        rank: 3,
        teamId: 'C',
        g: 6,
        w: 2,
        l: 3,
        d: 1,
        pct: 2 / 5,
        pctExact: { n: 2, d: 5 },
        points: null,
        gb: 2.5,
        rs: 11,
        ra: 16,
        streak: '1승',
        last10: '2승 3패 1무',
      },
      {
        rank: 4,
        teamId: 'D',
        g: 6,
        w: 0,
        l: 5,
        d: 1,
        pct: 0,
        pctExact: { n: 0, d: 5 },
        points: null,
        gb: 4.5,
        rs: 9,
        ra: 23,
        streak: '5패',
        last10: '0승 5패 1무',
      },
    ]);
  });

  it('breaks a three-way tie on TQB over games among the tied teams only', () => {
    // A, B, C are all 2-1 and 1-1 among themselves (A>B, B>C, C>A), so head-to-head cannot separate them.
    // Among A, B, C only (14 innings each way):  A 6 scored / 10 allowed → −4/14
    //                                            B 7 / 7 → 0,  C 8 / 4 → +4/14   ⇒ C, B, A
    // Over all games, the routs of D would give: A 26 / 10 → +16/21, B 8 / 7 → +1/21, C 9 / 4 → +5/21 ⇒ A, C, B
    const games = [
      game('01', 'A', 'B', 5, 4),
      game('02', 'B', 'C', 3, 2),
      game('03', 'C', 'A', 6, 1),
      game('04', 'A', 'D', 20, 0),
      game('05', 'B', 'D', 1, 0),
      game('06', 'C', 'D', 1, 0),
    ];
    const rows = computeStandings(['A', 'B', 'C', 'D'], games, rules);
    expect(pick(rows, 'rank', 'teamId', 'w', 'l', 'gb', 'tieNote')).toEqual([
      { rank: 1, teamId: 'C', w: 2, l: 1, gb: 0, tieNote: 'TQB' },
      { rank: 2, teamId: 'B', w: 2, l: 1, gb: 0, tieNote: 'TQB' },
      { rank: 3, teamId: 'A', w: 2, l: 1, gb: 0, tieNote: 'TQB' },
      { rank: 4, teamId: 'D', w: 0, l: 3, gb: 2, tieNote: undefined },
    ]);
    expect(rows.map((row) => row.teamId)).not.toEqual(['A', 'C', 'B', 'D']);
  });

  it('goes back to head-to-head for the two a three-way TQB leaves level', () => {
    // A>B 3–1, B>C 2–1, C>A 4–1. Among them: C 5 / 3 → +2/14; A 4 / 5 and B 3 / 4 are both −1/14.
    // C is first on TQB; A and B start again from head-to-head, where A beat B.
    // Every team of the tie names the rules that separated it from its neighbours: C (TQB, from A),
    // A (TQB from C above, head-to-head from B below), B (head-to-head, from A).
    const games = [
      game('01', 'A', 'B', 3, 1),
      game('02', 'B', 'C', 2, 1),
      game('03', 'C', 'A', 4, 1),
    ];
    const rows = computeStandings(['B', 'A', 'C'], games, rules);
    expect(pick(rows, 'rank', 'teamId', 'tieNote')).toEqual([
      { rank: 1, teamId: 'C', tieNote: 'TQB' },
      { rank: 2, teamId: 'A', tieNote: '승자승 · TQB' },
      { rank: 3, teamId: 'B', tieNote: '승자승' },
    ]);
  });

  it('breaks a two-team tie on head-to-head even when the other has the better run difference', () => {
    // A 2-1 (beat B and C, lost to C), B 2-1 (lost to A, routed C twice), C 1-3.
    const games = [
      game('01', 'A', 'B', 2, 1),
      game('02', 'A', 'C', 3, 2),
      game('03', 'C', 'A', 4, 0),
      game('04', 'B', 'C', 15, 0),
      game('05', 'C', 'B', 0, 15),
    ];
    const rows = computeStandings(['B', 'C', 'A'], games, rules);
    expect(pick(rows, 'rank', 'teamId', 'w', 'l', 'tieNote')).toEqual([
      { rank: 1, teamId: 'A', w: 2, l: 1, tieNote: '승자승' },
      { rank: 2, teamId: 'B', w: 2, l: 1, tieNote: '승자승' },
      { rank: 3, teamId: 'C', w: 1, l: 3, tieNote: undefined },
    ]);
  });

  it('orders by points in a points league, where PCT would order differently', () => {
    // X 1-0-3: PCT 1.000, 3 + 3 = 6 pts.  Y 3-1-0: PCT .750, 9 pts.
    // W 1-2-1: PCT .333, 4 pts.            Z 0-2-2: PCT .000, 2 pts.
    const games = [
      game('01', 'X', 'Z', 1, 1),
      game('02', 'X', 'W', 2, 2),
      game('03', 'Z', 'X', 0, 0),
      game('04', 'W', 'X', 1, 3),
      game('01', 'Y', 'W', 4, 0),
      game('02', 'Y', 'Z', 5, 1),
      game('03', 'Z', 'Y', 2, 3),
      game('04', 'Y', 'W', 1, 2),
    ];
    const teams = ['W', 'X', 'Y', 'Z'];
    const points: StandingsRules = {
      ...rules,
      rankingMethod: 'points',
      pointsWin: 3,
      pointsDraw: 1,
      pointsLoss: 0,
    };
    // GB from Y (3-1): X (2 − 1)/2 = 0.5, W (2 + 1)/2 = 1.5, Z (3 + 1)/2 = 2
    expect(pick(computeStandings(teams, games, points), 'rank', 'teamId', 'points', 'gb')).toEqual([
      { rank: 1, teamId: 'Y', points: 9, gb: 0 },
      { rank: 2, teamId: 'X', points: 6, gb: 0.5 },
      { rank: 3, teamId: 'W', points: 4, gb: 1.5 },
      { rank: 4, teamId: 'Z', points: 2, gb: 2 },
    ]);
    expect(computeStandings(teams, games, rules).map((row) => [row.teamId, row.points])).toEqual([
      ['X', null],
      ['Y', null],
      ['W', null],
      ['Z', null],
    ]);
  });

  it('counts a forfeit as a 7–0 win', () => {
    const games = [game('01', 'A', 'B', 0, 0, { status: 'forfeit', forfeitWinnerTeamId: 'B' })];
    expect(
      pick(computeStandings(['A', 'B'], games, rules), 'teamId', 'w', 'l', 'rs', 'ra', 'streak'),
    ).toEqual([
      { teamId: 'B', w: 1, l: 0, rs: 7, ra: 0, streak: '1승' },
      { teamId: 'A', w: 0, l: 1, rs: 0, ra: 7, streak: '1패' },
    ]);
  });

  it('shares a rank when the rules run out without lots, and labels a draw of lots', () => {
    const games = [game('01', 'A', 'B', 3, 2), game('02', 'B', 'A', 3, 2)];
    const noLots = computeStandings(['A', 'B'], games, { ...rules, tieBreakers: ['h2h', 'tqb'] });
    expect(pick(noLots, 'rank', 'teamId', 'tieNote')).toEqual([
      { rank: 1, teamId: 'A', tieNote: undefined },
      { rank: 1, teamId: 'B', tieNote: undefined },
    ]);
    const withLots = computeStandings(['A', 'B'], games, rules);
    expect(pick(withLots, 'rank', 'tieNote')).toEqual([
      { rank: 1, tieNote: '추첨' },
      { rank: 2, tieNote: '추첨' },
    ]);
    expect(computeStandings(['B', 'A'], games, rules).map((row) => row.teamId)).toEqual(
      withLots.map((row) => row.teamId),
    );
  });

  it('lists teams that have not played in the given order at a shared rank', () => {
    expect(
      pick(
        computeStandings([3, 1, 2], [], rules),
        'rank',
        'teamId',
        'pct',
        'gb',
        'streak',
        'last10',
        'tieNote',
      ),
    ).toEqual([
      { rank: 1, teamId: 3, pct: null, gb: 0, streak: '-', last10: '-', tieNote: undefined },
      { rank: 1, teamId: 1, pct: null, gb: 0, streak: '-', last10: '-', tieNote: undefined },
      { rank: 1, teamId: 2, pct: null, gb: 0, streak: '-', last10: '-', tieNote: undefined },
    ]);
  });
});

describe('streakLabel', () => {
  it('counts the current run', () => {
    expect(streakLabel(['L', 'W', 'W', 'W'])).toBe('3승');
    expect(streakLabel(['W', 'L', 'L'])).toBe('2패');
    expect(streakLabel(['W', 'D'])).toBe('1무');
    expect(streakLabel([])).toBe('-');
  });
});

describe('lastTenLabel', () => {
  it('counts only the ten most recent results', () => {
    // the two oldest losses drop out
    const results = ['L', 'L', 'W', 'W', 'W', 'W', 'W', 'W', 'W', 'L', 'L', 'D'] as const;
    expect(lastTenLabel(results)).toBe('7승 2패 1무');
  });
});

describe('gamesBehind', () => {
  it('averages the win and loss gaps', () => {
    expect(gamesBehind({ w: 10, l: 4 }, { w: 8, l: 5 })).toBe(1.5);
    expect(gamesBehind({ w: 10, l: 4 }, { w: 10, l: 4 })).toBe(0);
  });
});
