import { describe, expect, it } from 'vitest';
import { parseRunAheadRule } from './leagues.ts';
import { leagueInput, leagueRuleErrors } from '../../lib/schemas/league.ts';
import type { LeagueRuleValues } from '../../lib/schemas/league.ts';

describe('parseRunAheadRule', () => {
  it('reads the stored steps in inning order', () => {
    expect(parseRunAheadRule('[{"afterInning":5,"runs":7},{"afterInning":3,"runs":15}]')).toEqual([
      { afterInning: 3, runs: 15 },
      { afterInning: 5, runs: 7 },
    ]);
  });

  it('drops malformed steps and falls back to the default rule when unreadable', () => {
    expect(
      parseRunAheadRule('[{"afterInning":"3","runs":15},{"afterInning":4,"runs":10,"x":1}]'),
    ).toEqual([{ afterInning: 4, runs: 10 }]);
    expect(parseRunAheadRule('[]')).toEqual([]);
    expect(parseRunAheadRule('not json')).toHaveLength(3);
    expect(parseRunAheadRule('{"a":1}')).toHaveLength(3);
  });
});

describe('leagueRuleErrors', () => {
  const valid: LeagueRuleValues = {
    startDate: '2025-04-01',
    endDate: '2025-10-31',
    inningsPerGame: 7,
    runAheadRule: [
      { afterInning: 3, runs: 15 },
      { afterInning: 5, runs: 7 },
    ],
    rankingMethod: 'pct',
    pointsWin: 2,
    pointsDraw: 1,
    pointsLoss: 0,
    tieBreakers: ['h2h', 'tqb', 'lots'],
  };

  it('accepts a consistent league, including the same start and end day', () => {
    expect(leagueRuleErrors(valid)).toEqual({});
    expect(leagueRuleErrors({ ...valid, endDate: valid.startDate })).toEqual({});
  });

  it('names each field that does not fit the others', () => {
    expect(
      leagueRuleErrors({
        ...valid,
        endDate: '2025-03-31',
        inningsPerGame: 5,
        runAheadRule: [
          { afterInning: 3, runs: 15 },
          { afterInning: 3, runs: 10 },
          { afterInning: 5, runs: 7 },
        ],
        tieBreakers: ['lots', 'h2h', 'h2h'],
        rankingMethod: 'points',
        pointsWin: 1,
        pointsDraw: 2,
        pointsLoss: 0,
      }),
    ).toEqual({
      endDate: '종료일은 시작일과 같거나 그 뒤여야 합니다.',
      'runAheadRule.1.afterInning': '3회 규정이 두 번 들어 있습니다.',
      'runAheadRule.2.afterInning': '콜드게임 적용 회는 경기 이닝 수(5)보다 작아야 합니다.',
      'tieBreakers.0': "'추첨'은 마지막 순서에만 둘 수 있습니다.",
      'tieBreakers.2': "'승자승'이 두 번 들어 있습니다.",
      pointsDraw: '무승부 승점은 패배 승점과 승리 승점 사이여야 합니다.',
    });
  });

  it('ignores points when the table is ranked by win percentage', () => {
    expect(leagueRuleErrors({ ...valid, pointsWin: 0, pointsLoss: 5 })).toEqual({});
  });
});

describe('leagueInput', () => {
  it('fills the default rules profile', () => {
    const parsed = leagueInput.parse({ leagueName: ' 여자부 ' });
    expect(parsed).toMatchObject({
      leagueName: '여자부',
      status: 'scheduled',
      inningsPerGame: 7,
      tiesAllowed: true,
      rankingMethod: 'pct',
      eraBasis: 7,
    });
    expect(parsed.tieBreakers).toEqual(['h2h', 'tqb', 'er_tqb', 'avg', 'lots']);
    // the defaults are fresh copies
    parsed.runAheadRule.push({ afterInning: 6, runs: 1 });
    expect(leagueInput.parse({ leagueName: 'x' }).runAheadRule).toHaveLength(3);
  });
});
