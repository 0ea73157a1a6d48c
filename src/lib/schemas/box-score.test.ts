import { describe, expect, it } from 'vitest';
import { boxScoreInput, checkBoxScore } from './box-score.ts';
import type { BoxScoreContext } from './box-score.ts';

const ctx: BoxScoreContext = { homeTeamId: 1, awayTeamId: 2, tiesAllowed: true };

const batter = (playerId: number, order: number, line: Partial<Record<string, number>> = {}) => {
  const base = {
    pa: 3,
    ab: 3,
    r: 0,
    h: 0,
    b2: 0,
    b3: 0,
    hr: 0,
    rbi: 0,
    bb: 0,
    hbp: 0,
    so: 0,
    sb: 0,
    cs: 0,
    sh: 0,
    sf: 0,
    e: 0,
    ...line,
  };
  return { playerId, battingOrder: order, ...base };
};

/** A three-inning game: away scores `awayRuns` in the 1st, home `homeRuns` in the 1st; nine outs each way unless told. */
function game(
  awayRuns: number,
  homeRuns: number,
  options: {
    homeInnings?: Array<number | null>;
    homeOuts?: number;
    awayOuts?: number;
    status?: string;
  } = {},
) {
  const homeInnings = options.homeInnings ?? [homeRuns, 0, 0];
  const homeHalves = homeInnings.filter((r) => r !== null).length;
  return boxScoreInput.parse({
    status: options.status ?? 'final',
    innings: { away: [awayRuns, 0, 0], home: homeInnings },
    away: {
      batting: [batter(20, 1, { r: awayRuns })],
      pitching: [
        {
          playerId: 21,
          outs: options.awayOuts ?? homeHalves * 3,
          bf: 9,
          r: homeRuns,
          er: homeRuns,
        },
      ],
    },
    home: {
      batting: [batter(10, 1, { r: homeRuns })],
      pitching: [{ playerId: 11, outs: options.homeOuts ?? 9, bf: 9, r: awayRuns, er: 0 }],
    },
  });
}

describe('checkBoxScore', () => {
  it('accepts a consistent game and works out the score and the winner', () => {
    const { errors, result } = checkBoxScore(game(1, 2), ctx);
    expect(errors).toEqual({});
    expect(result).toMatchObject({ homeScore: 2, awayScore: 1, inningsPlayed: 3, winner: 'home' });
  });

  it('fills the pitchers of record from the lines and the lines from the pitchers of record', () => {
    const input = game(1, 2);
    input.home.pitching[0].decision = 'W';
    input.lossPitcherId = 21;
    const { errors, result } = checkBoxScore(input, ctx);
    expect(errors).toEqual({});
    expect(result.record.winPitcherId).toBe(11);
    expect(result.record.away.pitching[0].decision).toBe('L');
  });

  it('refuses pitchers of record in a tie, and a tie where the league has none', () => {
    const tie = game(1, 1);
    tie.winPitcherId = 11;
    expect(checkBoxScore(tie, ctx).errors.winPitcherId).toMatch(/무승부 경기에는 승리 투수를/);
    expect(checkBoxScore(game(1, 1), { ...ctx, tiesAllowed: false }).errors.innings).toMatch(
      /무승부가 없습니다/,
    );
  });

  it('lets the home team skip its last turn only when ahead', () => {
    expect(checkBoxScore(game(1, 2, { homeInnings: [2, 0, null] }), ctx).errors).toEqual({});
    expect(checkBoxScore(game(1, 2, { homeInnings: [2, 0] }), ctx).errors).toEqual({});
    expect(
      checkBoxScore(game(3, 2, { homeInnings: [2, 0, null] }), ctx).errors['innings.home.2'],
    ).toMatch(/3회 말 득점을 입력해야/);
    expect(
      checkBoxScore(game(1, 2, { homeInnings: [2, null, 0] }), ctx).errors['innings.home.1'],
    ).toMatch(/2회 말 득점/);
    expect(checkBoxScore(game(1, 2, { homeInnings: [2] }), ctx).errors['innings.home']).toMatch(
      /이닝 수\(1\)/,
    );
  });

  it('allows a short last half only on a walk-off or a suspended game', () => {
    const walkOff = game(1, 2, { homeInnings: [0, 0, 2], awayOuts: 7 });
    expect(checkBoxScore(walkOff, ctx).errors).toEqual({});
    const notWalkOff = game(2, 1, { homeInnings: [0, 0, 1], awayOuts: 7 });
    expect(checkBoxScore(notWalkOff, ctx).errors['away.pitching']).toMatch(
      /아웃 수 합계\(7\).*3이닝, 9아웃/,
    );
    const suspended = game(1, 0, { status: 'suspended', homeInnings: [0, 0, null], homeOuts: 7 });
    const check = checkBoxScore(suspended, ctx);
    expect(check.errors).toEqual({});
    expect(check.result.winner).toBeNull();
  });

  it('names the side and the totals in the messages', () => {
    const input = game(1, 2);
    input.home.pitching[0].h = 1;
    input.home.pitching[0].bf = 9;
    expect(checkBoxScore(input, ctx).errors['home.pitching']).toBe(
      '홈 팀 투수 피안타 합계(1)가 원정 팀 안타 합계(0)와 다릅니다.',
    );
  });

  it('asks for the ineligible reason of every player and refuses the ones that have one', () => {
    const seen: Array<[string, number]> = [];
    const { errors } = checkBoxScore(game(1, 2), {
      ...ctx,
      ineligibleReason: (side, id) => {
        seen.push([side, id]);
        return id === 20 ? '방출' : null;
      },
    });
    expect(seen.sort()).toEqual([
      ['away', 20],
      ['away', 21],
      ['home', 10],
      ['home', 11],
    ]);
    expect(errors['away.batting.0.playerId']).toBe('출장할 수 없는 선수입니다 (방출).');
  });

  it('refuses an MVP who did not play', () => {
    const input = game(1, 2);
    input.mvpPlayerId = 99;
    expect(checkBoxScore(input, ctx).errors.mvpPlayerId).toMatch(/출전한 선수/);
  });

  it('records a forfeit as 7–0 and refuses lines in it', () => {
    const forfeit = boxScoreInput.parse({ status: 'forfeit', forfeitWinnerTeamId: 2 });
    expect(checkBoxScore(forfeit, ctx)).toMatchObject({
      errors: {},
      result: { awayScore: 7, homeScore: 0, winner: 'away', inningsPlayed: null },
    });
    const withLines = game(1, 2);
    withLines.status = 'forfeit';
    withLines.forfeitWinnerTeamId = 1;
    const { errors } = checkBoxScore(withLines, ctx);
    expect(errors.innings).toMatch(/이닝별 득점을 입력하지 않습니다/);
    expect(errors['home.batting']).toMatch(/개인 기록/);
  });

  it('does not change the input it checks', () => {
    const input = game(1, 2);
    input.home.pitching[0].decision = 'W';
    const copy = structuredClone(input);
    checkBoxScore(input, ctx);
    expect(input).toEqual(copy);
  });
});
