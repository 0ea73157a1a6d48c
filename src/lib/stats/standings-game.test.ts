import { describe, expect, it } from 'vitest';
import { decidedResult, teamGameResult, teamGames } from './standings-game.ts';
import type { StandingsGame } from './standings-game.ts';

const game = (fields: Partial<StandingsGame>): StandingsGame => ({
  id: 1,
  date: '2025-05-01',
  homeTeamId: 'H',
  awayTeamId: 'A',
  homeScore: 0,
  awayScore: 0,
  status: 'final',
  ...fields,
});

describe('teamGames', () => {
  it('splits a final into the home and away sides', () => {
    const [home, away] = teamGames(
      game({
        homeScore: 5,
        awayScore: 3,
        homeOutsBatted: 18,
        awayOutsBatted: 21,
        homeEarnedRuns: 4,
        awayEarnedRuns: 1,
        homeAb: 24,
        homeH: 9,
        awayAb: 27,
        awayH: 6,
      }),
    );
    expect(home).toMatchObject({
      teamId: 'H',
      opponentId: 'A',
      runs: 5,
      runsAllowed: 3,
      outsBatted: 18,
      outsFielded: 21,
      earnedRuns: 4,
      earnedRunsAllowed: 1,
      ab: 24,
      h: 9,
      forfeit: false,
    });
    expect(away).toMatchObject({
      teamId: 'A',
      opponentId: 'H',
      runs: 3,
      runsAllowed: 5,
      outsBatted: 21,
      outsFielded: 18,
      earnedRuns: 1,
      earnedRunsAllowed: 4,
      ab: 27,
      h: 6,
    });
  });

  it('fills missing outs from innings played, then from the league innings', () => {
    expect(teamGames(game({ inningsPlayed: 5 }))[0]).toMatchObject({
      outsBatted: 15,
      outsFielded: 15,
    });
    expect(teamGames(game({}), 7)[0]).toMatchObject({
      outsBatted: 21,
      outsFielded: 21,
      earnedRuns: null,
      ab: null,
    });
  });

  it('turns a forfeit into a 7–0 win for the named team', () => {
    const [home, away] = teamGames(
      game({
        status: 'forfeit',
        forfeitWinnerTeamId: 'A',
        homeScore: 0,
        awayScore: 0,
        homeAb: 3,
        homeH: 1,
      }),
    );
    expect(away).toMatchObject({
      runs: 7,
      runsAllowed: 0,
      earnedRuns: 7,
      outsBatted: 21,
      forfeit: true,
      ab: null,
    });
    expect(home).toMatchObject({
      runs: 0,
      runsAllowed: 7,
      earnedRunsAllowed: 7,
      ab: null,
      h: null,
    });
  });

  it('takes the forfeit winner from the recorded score when not named', () => {
    const [home] = teamGames(game({ status: 'forfeit', homeScore: 7, awayScore: 0 }));
    expect(home).toMatchObject({ runs: 7, runsAllowed: 0 });
  });
});

describe('teamGameResult', () => {
  it('reads win, loss and draw', () => {
    expect(teamGameResult({ runs: 3, runsAllowed: 2 })).toBe('W');
    expect(teamGameResult({ runs: 2, runsAllowed: 3 })).toBe('L');
    expect(teamGameResult({ runs: 2, runsAllowed: 2 })).toBe('D');
  });
});

describe('decidedResult', () => {
  it('gives a result only for a final or forfeited game with both scores', () => {
    expect(decidedResult('final', 5, 4)).toBe('W');
    expect(decidedResult('forfeit', 0, 7)).toBe('L');
    expect(decidedResult('final', 3, 3)).toBe('D');
    expect(decidedResult('scheduled', 0, 0)).toBeNull();
    expect(decidedResult('suspended', 2, 1)).toBeNull();
    expect(decidedResult('final', null, 4)).toBeNull();
  });
});
