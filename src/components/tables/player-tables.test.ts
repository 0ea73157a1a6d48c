import { describe, expect, it } from 'vitest';
import { careerBattingTable, gameLogTable } from './player-tables.ts';
import type { GameLogEntry, StageLines } from '../../server/read/player.ts';
import { emptyBatting, sumBatting, battingRates } from '../../lib/stats/index.ts';

const season = { id: 3, active: true };
const team = { id: 1, name: '서울 블루윙즈', shortName: '블루윙즈' };
const opponent = { id: 2, name: '인천 씨걸스', shortName: '씨걸스' };

describe('gameLogTable', () => {
  const pitching: GameLogEntry = {
    gameId: 9,
    leagueId: 4,
    leagueName: '여자부',
    seasonId: 3,
    stage: 'regular',
    date: '2026-04-04',
    team,
    opponent,
    home: true,
    teamScore: 5,
    opponentScore: 2,
    result: 'W',
    batting: null,
    pitching: {
      outs: 20,
      bf: 25,
      h: 4,
      r: 2,
      er: 1,
      bb: 2,
      hbp: 0,
      so: 6,
      hr: 0,
      wp: 1,
      seq: 1,
      decision: 'W',
    },
  };

  it('shows only the kinds of line the player has, linking each game', () => {
    const table = gameLogTable('기록', [pitching], season);
    const labels = table.columns.map((c) => c.label);
    expect(labels).not.toContain('타석');
    expect(labels).toContain('투구 결과');
    expect(table.rows[0][0]).toEqual({ text: '4월 4일(토)', href: '/sbsa/result/game/4/9' });
    expect(table.rows[0].slice(1, 6)).toEqual([
      'vs 씨걸스',
      '승 5:2',
      '승',
      { text: '6⅔', csv: '6.2' },
      4,
    ]);
  });

  it('fills the other kind with dashes when a player did both, pitching first for a pitcher', () => {
    const batting: GameLogEntry = {
      ...pitching,
      gameId: 10,
      pitching: null,
      batting: { ...emptyBatting(), pa: 4, ab: 3, h: 2, bb: 1, order: 3, seq: 1, position: '1B' },
    };
    const table = gameLogTable('기록', [pitching, batting], season);
    expect(table.columns.map((c) => c.label)).toContain('타석');
    expect(table.columns[3].label).toBe('투구 결과');
    expect(table.rows[0].at(-1)).toBe('-');
    expect(table.rows[1][3]).toBe('-');
  });
});

describe('careerBattingTable', () => {
  it('puts the career line, summed from the seasons, in the footer', () => {
    const a = { ...emptyBatting(), pa: 10, ab: 9, h: 3, bb: 1 };
    const b = { ...emptyBatting(), pa: 5, ab: 5, h: 2 };
    const ctx = { seasonName: '2025 시즌', year: 2025, leagueId: 1, leagueName: '여자부', team };
    const record: StageLines = {
      stage: 'regular',
      label: '정규시즌',
      batting: [
        { ...ctx, seasonId: 2, games: 3, line: a, rates: battingRates(a) },
        { ...ctx, seasonId: 3, seasonName: '2026 시즌', games: 2, line: b, rates: battingRates(b) },
      ],
      pitching: [],
      careerBatting: {
        games: 5,
        line: sumBatting([a, b]),
        rates: battingRates(sumBatting([a, b])),
      },
      careerPitching: null,
    };
    const table = careerBattingTable('김서현', record);
    const foot = Object.fromEntries(table.columns.map((c, i) => [c.label, table.foot?.[0][i]]));
    expect(table.caption).toBe('김서현 정규시즌 타격 기록');
    // the career line says which part of the record it adds up
    expect(foot).toMatchObject({ 시즌: '정규시즌 통산', 경기: 5, 타석: 15, 타수: 14, 안타: 5 });
    // AVG 5/14 = 0.357, never the average of 0.333 and 0.400; the key figures come first
    expect(table.columns.slice(2, 6).map((c) => c.label)).toEqual([
      '타율',
      '출루율',
      '장타율',
      'OPS',
    ]);
    expect(foot['타율']).toBe('0.357');
  });
});
