import { describe, expect, it } from 'vitest';
import { leaderRanks, qualifiedBatters, qualifiedPitchers, rankedBy, topN } from './leaders.ts';

interface Batter {
  name: string;
  teamId: number;
  pa: number;
  avg: number | null;
  hr: number;
}
interface Pitcher {
  name: string;
  outs: number;
  era: number | null;
}

const batters: Batter[] = [
  { name: '김민수', teamId: 1, pa: 20, avg: 0.35, hr: 2 },
  { name: '이서준', teamId: 1, pa: 19, avg: 0.5, hr: 3 },
  { name: '박지훈', teamId: 2, pa: 16, avg: 0.3, hr: 3 },
  { name: '강하늘', teamId: 2, pa: 25, avg: 0.3, hr: 1 },
  { name: '최도윤', teamId: 2, pa: 0, avg: null, hr: 0 },
];

describe('qualifiedBatters', () => {
  it('keeps batters with PA ≥ PA per game × team games', () => {
    // 10 games × 2.0 = 20 PA
    expect(qualifiedBatters(batters, 10, 2).map((b) => b.name)).toEqual(['김민수', '강하늘']);
  });

  it('takes each team its own games played', () => {
    // team 1: 10 games → 20 PA; team 2: 8 games → 16 PA
    const games = (b: Batter) => (b.teamId === 1 ? 10 : 8);
    expect(qualifiedBatters(batters, games, 2).map((b) => b.name)).toEqual([
      '김민수',
      '박지훈',
      '강하늘',
    ]);
  });
});

describe('qualifiedPitchers', () => {
  it('keeps pitchers with outs ≥ IP per game × team games × 3', () => {
    const pitchers: Pitcher[] = [
      { name: '가', outs: 30, era: 2 },
      { name: '나', outs: 29, era: 1 },
      { name: '다', outs: 9, era: 0 },
    ];
    // 10 games × 1.0 IP = 10 IP = 30 outs
    expect(qualifiedPitchers(pitchers, 10, 1).map((p) => p.name)).toEqual(['가']);
    // 30 × 0.1 × 3 is 9.000000000000002 in floating point; 9 outs still qualify
    expect(qualifiedPitchers(pitchers, 30, 0.1).map((p) => p.name)).toEqual(['가', '나', '다']);
  });
});

describe('topN', () => {
  it('takes the best n, highest first', () => {
    expect(topN(batters, 'avg', 2).map((b) => b.name)).toEqual(['이서준', '김민수']);
  });

  it('orders tied values by name and leaves out rows without a value', () => {
    // .300 tie: 강하늘 before 박지훈 (가나다 order); 최도윤 has no average
    expect(topN(batters, 'avg', 10).map((b) => b.name)).toEqual([
      '이서준',
      '김민수',
      '강하늘',
      '박지훈',
    ]);
    expect(topN(batters, 'hr', 2).map((b) => b.name)).toEqual(['박지훈', '이서준']);
  });

  it('sorts lowest first when asked, as for ERA', () => {
    const pitchers: Pitcher[] = [
      { name: 'B', outs: 30, era: 2.1 },
      { name: 'A', outs: 30, era: 1.5 },
      { name: 'C', outs: 0, era: null },
    ];
    expect(topN(pitchers, 'era', 5, 'asc').map((p) => p.name)).toEqual(['A', 'B']);
  });

  it('gives nothing for n ≤ 0', () => {
    expect(topN(batters, 'hr', 0)).toEqual([]);
  });

  it('does not reorder the input', () => {
    const before = batters.map((b) => b.name);
    rankedBy(batters, 'hr');
    expect(batters.map((b) => b.name)).toEqual(before);
  });
});

describe('leaderRanks', () => {
  it('gives tied values the same rank and skips the next', () => {
    const sorted = rankedBy(batters, 'avg');
    expect(leaderRanks(sorted, 'avg')).toEqual([1, 2, 3, 3]);
  });
});
