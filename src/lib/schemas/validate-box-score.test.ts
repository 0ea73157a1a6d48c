import { describe, expect, it } from 'vitest';
import { boxScoreInput } from './box-score.ts';
import { problemsByPath, validateBoxScore } from './validate-box-score.ts';
import type { BoxScoreContext } from './validate-box-score.ts';

const ctx: BoxScoreContext = { homeTeamId: 1, awayTeamId: 2, tiesAllowed: true, inningsPerGame: 3 };

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

/**
 * A three-inning game: away scores `awayRuns` in the 1st, home `homeRuns` in the 1st; the home side
 * skips the bottom of the 3rd when it leads (as the rules have it), nine outs each way otherwise.
 */
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
  const homeInnings = options.homeInnings ?? [homeRuns, 0, homeRuns > awayRuns ? null : 0];
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

/** The errors by path, as the API's 400 gives them, with the warnings and the result. */
function check(input: ReturnType<typeof game>, context: BoxScoreContext = ctx) {
  const validation = validateBoxScore(input, context);
  return { ...validation, errors: problemsByPath(validation.errors) };
}

describe('validateBoxScore', () => {
  it('accepts a consistent game and works out the score and the winner', () => {
    const { errors, result } = check(game(1, 2), ctx);
    expect(errors).toEqual({});
    expect(result).toMatchObject({ homeScore: 2, awayScore: 1, inningsPlayed: 3, winner: 'home' });
  });

  it('fills the pitchers of record from the lines and the lines from the pitchers of record', () => {
    const input = game(1, 2);
    input.home.pitching[0].decision = 'W';
    input.lossPitcherId = 21;
    const { errors, result } = check(input, ctx);
    expect(errors).toEqual({});
    expect(result.record.winPitcherId).toBe(11);
    expect(result.record.away.pitching[0].decision).toBe('L');
  });

  it('refuses pitchers of record in a tie, and a tie where the league has none', () => {
    const tie = game(1, 1);
    tie.winPitcherId = 11;
    expect(check(tie, ctx).errors.winPitcherId).toMatch(/무승부 경기에는 승리 투수를/);
    expect(check(game(1, 1), { ...ctx, tiesAllowed: false }).errors.innings).toMatch(
      /무승부가 없습니다/,
    );
  });

  it('lets the home team skip its last turn only when ahead', () => {
    expect(check(game(1, 2, { homeInnings: [2, 0, null] }), ctx).errors).toEqual({});
    expect(check(game(1, 2, { homeInnings: [2, 0] }), ctx).errors).toEqual({});
    expect(check(game(3, 2, { homeInnings: [2, 0, null] }), ctx).errors['innings.home.2']).toMatch(
      /3회 말 득점을 입력해야/,
    );
    expect(check(game(1, 2, { homeInnings: [2, null, 0] }), ctx).errors['innings.home.1']).toMatch(
      /2회 말 득점/,
    );
    expect(check(game(1, 2, { homeInnings: [2] }), ctx).errors['innings.home']).toMatch(
      /이닝 수\(1\)/,
    );
  });

  it('allows a short last half only on a walk-off or a suspended game', () => {
    const walkOff = game(1, 2, { homeInnings: [0, 0, 2], awayOuts: 7 });
    expect(check(walkOff, ctx).errors).toEqual({});
    const notWalkOff = game(2, 1, { homeInnings: [0, 0, 1], awayOuts: 7 });
    expect(check(notWalkOff, ctx).errors['away.pitching']).toMatch(
      /이닝 합계\(2⅓이닝\)가 홈 팀 공격 이닝\(3이닝\)/,
    );
    const suspended = game(1, 0, { status: 'suspended', homeInnings: [0, 0, null], homeOuts: 7 });
    const checked = check(suspended, ctx);
    expect(checked.errors).toEqual({});
    expect(checked.result.winner).toBeNull();
  });

  it('names the side and the totals in the messages', () => {
    const input = game(1, 2);
    input.home.pitching[0].h = 1;
    input.home.pitching[0].bf = 9;
    expect(check(input, ctx).errors['home.pitching']).toBe(
      '홈 팀 투수 피안타 합계(1)가 원정 팀 안타 합계(0)와 다릅니다.',
    );
  });

  it('asks for the ineligible reason of every player and refuses the ones that have one', () => {
    const seen: Array<[string, number]> = [];
    const { errors } = check(game(1, 2), {
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
    expect(check(input, ctx).errors.mvpPlayerId).toMatch(/출전한 선수/);
  });

  it('records a forfeit as 7–0 and refuses lines in it', () => {
    const forfeit = boxScoreInput.parse({ status: 'forfeit', forfeitWinnerTeamId: 2 });
    expect(check(forfeit, ctx)).toMatchObject({
      errors: {},
      result: { awayScore: 7, homeScore: 0, winner: 'away', inningsPlayed: null },
    });
    const withLines = game(1, 2);
    withLines.status = 'forfeit';
    withLines.forfeitWinnerTeamId = 1;
    const { errors } = check(withLines, ctx);
    expect(errors.innings).toMatch(/이닝별 득점을 입력하지 않습니다/);
    expect(errors['home.batting']).toMatch(/개인 기록/);
  });

  it('does not change the input it checks', () => {
    const input = game(1, 2);
    input.home.pitching[0].decision = 'W';
    const copy = structuredClone(input);
    check(input, ctx);
    expect(input).toEqual(copy);
  });
});

describe('validateBoxScore: the scoring rules', () => {
  it('refuses a team with more RBI than runs', () => {
    // Away scores 1 run (1st inning) but its one batter is credited with 2 RBI: 2 > 1.
    const input = game(1, 2);
    input.away.batting[0].rbi = 2;
    const { errors } = validateBoxScore(input, ctx);
    expect(errors).toContainEqual({
      path: 'away.batting',
      side: 'away',
      row: null,
      field: 'rbi',
      message: '원정 팀 타점 합계(2)는 팀 득점(1)보다 많을 수 없습니다.',
    });
    // 1 RBI for 1 run is fine, and so is 0 RBI (a run on an error).
    input.away.batting[0].rbi = 1;
    expect(validateBoxScore(input, ctx).errors).toEqual([]);
  });

  it('refuses the home side batting in the last inning while already ahead', () => {
    // Home 2 after two innings, away 1 after three: 2 > 1, so there is no bottom of the 3rd.
    const input = game(1, 2, { homeInnings: [2, 0, 0] });
    expect(check(input).errors['innings.home.2']).toBe(
      '홈 팀은 3회 초까지 2:1로 앞서 있었으므로 3회 말 공격을 하지 않습니다. 3회 말 칸을 비워 주세요.',
    );
    // Ahead 5:0 after the top of the 3rd with the 5th inning scheduled last: home bats on (and can
    // end it early by the run-ahead rule), so this is no error in a 5-inning league.
    expect(validateBoxScore(input, { ...ctx, inningsPerGame: 5 }).errors).toEqual([]);
    // Level after the top of the 3rd (1:1 with the away run in the 3rd): home bats, no error.
    const level = game(0, 1, { homeInnings: [1, 0, 0] });
    level.innings.away = [0, 0, 1];
    level.away.batting[0].r = 1;
    level.home.pitching[0].r = 1;
    // Home scores again in the 3rd: 2 runs, so its batter and the away pitcher say 2.
    level.innings.home = [1, 0, 1];
    level.home.batting[0].r = 2;
    level.away.pitching[0].r = 2;
    level.away.pitching[0].er = 2;
    expect(validateBoxScore(level, ctx).errors).toEqual([]);
  });

  it('refuses pitchers whose outs differ from the outs the other side batted', () => {
    // Home bats 2 halves (it leads, so no bottom of the 3rd): the away pitchers owe 2 × 3 = 6 outs, not 21.
    const input = game(1, 2, { awayOuts: 21 });
    input.away.pitching[0].bf = 21;
    expect(check(input).errors['away.pitching']).toBe(
      '원정 팀 투수 이닝 합계(7이닝)가 홈 팀 공격 이닝(2이닝)과 맞지 않습니다.',
    );
  });

  it('refuses a second W, L or S, and a W or S to the losing side', () => {
    const input = game(1, 2);
    input.away.pitching.push({ ...input.away.pitching[0], playerId: 22, seq: 2, outs: 0, bf: 0 });
    input.away.pitching[0].decision = 'L';
    input.away.pitching[1].decision = 'L';
    expect(check(input).errors['away.pitching.1.decision']).toBe(
      '패전 투수는 한 명만 정할 수 있습니다.',
    );
    const wrongSide = game(1, 2);
    wrongSide.savePitcherId = 21; // the away side lost 1:2
    expect(check(wrongSide).errors.savePitcherId).toBe(
      '세이브 투수는 이긴 팀에서 던진 투수여야 합니다.',
    );
  });

  it('warns, and still lets it save, when a pitcher records more outs than batters he faced', () => {
    // 21 outs from 3 batters is the typo of the issue: 21 > 3. Here: 9 outs, 3 batters.
    const input = game(1, 2);
    input.home.pitching[0].bf = 3;
    const { errors, warnings } = validateBoxScore(input, ctx);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      {
        path: 'home.pitching.0.outs',
        side: 'home',
        row: 0,
        field: 'outs',
        message:
          '아웃 수(9)가 상대 타자 수(3)보다 많습니다. 병살·견제사가 아니라면 다시 확인해 주세요.',
      },
    ]);
  });

  it('warns on five or more steals by one batter, not on four', () => {
    const input = game(1, 2);
    input.home.batting[0].sb = 4;
    expect(validateBoxScore(input, ctx).warnings).toEqual([]);
    input.home.batting[0].sb = 10;
    const { errors, warnings } = validateBoxScore(input, ctx);
    expect(errors).toEqual([]);
    expect(warnings.map((w) => [w.path, w.message])).toEqual([
      [
        'home.batting.0.sb',
        '도루 10개는 한 경기 기록으로 드뭅니다. 잘못 입력하지 않았는지 확인해 주세요.',
      ],
    ]);
  });

  it('gives every problem in one round, each on its team, row and field', () => {
    const input = game(1, 2);
    input.away.batting[0].h = 4; // 4 hits in 3 at-bats
    input.away.batting[0].rbi = 3; // 3 RBI for 1 run
    input.home.pitching[0].er = 2; // 2 earned runs of 1 run
    const { errors } = validateBoxScore(input, ctx);
    expect(errors.map((e) => [e.side, e.row, e.field, e.path])).toEqual(
      expect.arrayContaining([
        ['away', null, 'rbi', 'away.batting'],
        ['away', 0, 'h', 'away.batting.0.h'],
        ['home', 0, 'er', 'home.pitching.0.er'],
      ]),
    );
    // The hits also disagree with the home pitchers' hits allowed (0), reported on their list.
    expect(
      errors.some((e) => e.path === 'home.pitching' && /피안타 합계\(0\)/.test(e.message)),
    ).toBe(true);
    expect(errors.length).toBeGreaterThanOrEqual(4);
  });

  it('keeps the existing checks: extra-base hits, hits over at-bats, batting runs against the line', () => {
    const input = game(1, 2);
    input.home.batting[0] = { ...input.home.batting[0], h: 1, b2: 1, hr: 1, r: 2, rbi: 1 };
    const errors = check(input).errors;
    // 2B + HR = 2 > H = 1
    expect(errors['home.batting.0.h']).toBe('안타(1)는 2루타+3루타+홈런(2)보다 적을 수 없습니다.');
    const runs = game(1, 2);
    runs.home.batting[0].r = 3; // batters 3, line score 2
    expect(check(runs).errors['home.batting']).toBe(
      '홈 팀 타자 득점 합계(3)가 이닝별 득점 합계(2)와 다릅니다.',
    );
  });
});

describe('병살타, 결승타 and event innings', () => {
  /** game(1, 2) (home wins 2:1 in three innings, home bats twice) with extra fields on a batter. */
  function withLine(side: 'away' | 'home', extra: Record<string, unknown>) {
    const input = game(1, 2);
    Object.assign(input[side].batting[0], extra);
    return input;
  }

  it('accepts double plays, the winners’ 결승타 and innings within the game', () => {
    const input = withLine('home', {
      rbi: 2,
      gwrbi: true,
      hr: 1,
      h: 1,
      hrInnings: [1],
      gidp: 1,
      gidpInnings: [2],
    });
    Object.assign(input.away.batting[0], { e: 1, eInnings: [2], sb: 1, sbInnings: [3] });
    Object.assign(input.away.pitching[0], { h: 1, hr: 1 });
    expect(check(input).errors).toEqual({});
  });

  it('refuses more double plays than outs at bat', () => {
    const { errors } = check(withLine('away', { h: 2, gidp: 2 }));
    expect(errors['away.batting.0.gidp']).toBe(
      '병살타(2)는 타수에서 안타를 뺀 수(1)보다 많을 수 없습니다.',
    );
    // more hits than at-bats is said once, on 안타, not again on an untouched 병살타
    const hits = check(withLine('away', { h: 4 })).errors;
    expect(hits['away.batting.0.h']).toBe('안타(4)는 타수(3)보다 많을 수 없습니다.');
    expect(hits['away.batting.0.gidp']).toBeUndefined();
  });

  it('wants as many innings as events, and only innings the side batted (or fielded) in', () => {
    const count = check(withLine('away', { h: 2, b2: 2, b2Innings: [1] })).errors;
    expect(count['away.batting.0.b2Innings']).toBe(
      '2루타 이닝은 2루타 수(2)만큼 적어 주세요. 이닝을 모르면 비워 두세요.',
    );
    // home did not bat in the 3rd (it led); the away side fielded only in the two home halves
    const home = check(withLine('home', { sb: 1, sbInnings: [3] })).errors;
    expect(home['home.batting.0.sbInnings']).toBe(
      '도루 이닝 3회는 홈 팀이 공격한 이닝(1~2회) 밖입니다.',
    );
    const fielding = check(withLine('away', { e: 1, eInnings: [3] })).errors;
    expect(fielding['away.batting.0.eInnings']).toBe(
      '실책 이닝 3회는 원정 팀이 수비한 이닝(1~2회) 밖입니다.',
    );
  });

  it('gives the 결승타 to one batter of the winning side with an RBI', () => {
    expect(check(withLine('away', { rbi: 1, gwrbi: true })).errors['away.batting.0.gwrbi']).toBe(
      '결승타는 이긴 팀 타자에게만 줄 수 있습니다.',
    );
    expect(check(withLine('home', { gwrbi: true })).errors['home.batting.0.gwrbi']).toBe(
      '결승타를 친 타자는 타점이 1 이상이어야 합니다.',
    );
    const draw = game(1, 1);
    Object.assign(draw.home.batting[0], { rbi: 1, gwrbi: true });
    expect(check(draw).errors['home.batting.0.gwrbi']).toBe(
      '승부가 나지 않은 경기에는 결승타가 없습니다.',
    );
    const two = withLine('home', { rbi: 1, gwrbi: true });
    two.home.batting.push({ ...two.home.batting[0], playerId: 12, battingOrder: 2, r: 0 });
    two.home.batting[0].r = 2;
    expect(check(two).errors['home.batting.1.gwrbi']).toBe(
      '결승타는 한 경기에 한 타자에게만 줄 수 있습니다.',
    );
  });
});

describe('validateBoxScore: orders', () => {
  it('refuses batting orders that do not start at 1 or leave a gap, on the first line past it', () => {
    const input = game(1, 2);
    const [first] = input.away.batting;
    input.away.batting = [2, 3, 4].map((order, i) => ({
      ...first,
      playerId: 30 + i,
      battingOrder: order,
      r: i === 0 ? 1 : 0,
    }));
    expect(check(input).errors['away.batting.0.battingOrder']).toBe(
      '타순 1번 타자가 없습니다. 타순은 1번부터 빠짐없이 이어져야 합니다.',
    );
    input.away.batting[0].battingOrder = 1;
    input.away.batting[1].battingOrder = 2;
    input.away.batting[2].battingOrder = 3;
    expect(check(input).errors).toEqual({});
    input.away.batting[2].battingOrder = 5;
    expect(check(input).errors['away.batting.2.battingOrder']).toMatch(/^타순 3번 타자가 없습니다/);
  });

  it('refuses a substitute’s turn with a gap, and pitchers’ turns that do not run 1, 2 …', () => {
    const input = game(1, 2);
    input.away.batting.push({ ...input.away.batting[0], playerId: 31, seq: 3, r: 0 });
    expect(check(input).errors['away.batting.1.seq']).toBe(
      '타순 1번의 2번째 선수가 없습니다. 교체 선수는 2번째, 3번째로 이어서 적습니다.',
    );
    const pitchers = game(1, 2);
    pitchers.home.pitching[0].seq = 2;
    expect(check(pitchers).errors['home.pitching.0.seq']).toBe(
      '등판 순서 1번 투수가 없습니다. 등판 순서는 1번부터 빠짐없이 이어져야 합니다.',
    );
  });

  it('names the column a team-wide problem adds up, for the form to point at its cells', () => {
    const input = game(1, 2);
    input.home.pitching[0].outs = 24;
    const problem = validateBoxScore(input, ctx).errors.find((e) => e.path === 'home.pitching');
    expect(problem).toMatchObject({
      field: 'outs',
      message: '홈 팀 투수 이닝 합계(8이닝)가 원정 팀 공격 이닝(3이닝)과 맞지 않습니다.',
    });
  });
});
