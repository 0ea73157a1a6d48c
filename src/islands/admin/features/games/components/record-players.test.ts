import { describe, expect, it } from 'vitest';
import { makeRoster } from './record-players.ts';

const roster = makeRoster(
  [
    { playerId: 1, name: '김민준', backNumber: 7 },
    { playerId: 2, name: '이서준', backNumber: 10 },
    { playerId: 3, name: '이서준', backNumber: 11 },
    { playerId: 4, name: '박하나', backNumber: null, birthDate: '1990-01-01' },
    { playerId: 5, name: '박하나', backNumber: null, birthDate: '1995-01-01' },
  ],
  [
    { playerId: 8, name: '조타팀', backNumber: 99, reason: '리그 명단에 없음' },
    { playerId: 9, name: '최정지', backNumber: 7, reason: '출장 정지' },
    { playerId: 10, name: '권정지', backNumber: 99, reason: '출장 정지' },
  ],
);

describe('makeRoster', () => {
  it('labels a player by back number and name, with the birth year when two would look alike', () => {
    expect(roster.label(1)).toBe('7 김민준');
    expect(roster.label(4)).toBe('박하나 (1990년생)');
    expect(roster.label(9)).toBe('7 최정지');
  });

  it('finds a player by label, back number, name or both, the rostered one first', () => {
    expect(roster.find('7')).toEqual({ playerId: 1 });
    expect(roster.find('11 이서준')).toEqual({ playerId: 3 });
    expect(roster.find('박하나 (1995년생)')).toEqual({ playerId: 5 });
    expect(roster.find('최정지')).toEqual({ playerId: 9 });
    // 99 in this league is the suspended player's number, not the career number of one off its roster
    expect(roster.find('99')).toEqual({ playerId: 10 });
    expect(roster.find('이서준')).toEqual({ problem: 'many' });
    expect(roster.find('선수')).toEqual({ problem: 'none' });
    expect(roster.find('  ')).toBeNull();
  });
});
