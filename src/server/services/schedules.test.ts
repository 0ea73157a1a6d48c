import { describe, expect, it } from 'vitest';
import { matchTeam, normalizeName, readDate, readTime } from './schedules.ts';

describe('schedule file cells', () => {
  it('reads dates written the ways Korean spreadsheets write them', () => {
    for (const text of [
      '2025-05-10',
      '2025.5.10',
      '2025. 5. 10.',
      '2025/05/10',
      '2025년 5월 10일',
      '5/10',
      '5.10',
      '20250510',
      '2025-05-10 (토)',
    ]) {
      expect(readDate(text, 2025), text).toBe('2025-05-10');
    }
    expect(readDate(45787, 2025)).toBe('2025-05-10');
    expect(readDate(45787.5, 2025)).toBe('2025-05-10');
    expect(readDate(20250510, 2025)).toBe('2025-05-10');
    for (const bad of ['2025-02-30', '내일', '', null, -3, '2025-13-01'])
      expect(readDate(bad, 2025), String(bad)).toBeNull();
  });

  it('reads times, with 오전/오후 and Excel day fractions; empty means not decided', () => {
    expect(readTime('9:30')).toBe('09:30');
    expect(readTime('09:30:00')).toBe('09:30');
    expect(readTime('오후 2:00')).toBe('14:00');
    expect(readTime('오전 12:30')).toBe('00:30');
    expect(readTime('14시 30분')).toBe('14:30');
    expect(readTime('9시')).toBe('09:00');
    expect(readTime('2:00 PM')).toBe('14:00');
    expect(readTime(0.375)).toBe('09:00');
    expect(readTime(45787.5)).toBe('12:00');
    expect(readTime('')).toBeNull();
    expect(readTime('미정')).toBeNull();
    expect(readTime(null)).toBeNull();
    for (const bad of ['25:00', '오후 13:00', '아침', '9:7'])
      expect(readTime(bad), bad).toBeUndefined();
  });

  it('matches team names ignoring spaces and case, and short names', () => {
    const teams = [
      { id: 1, name: '서울 레드삭스', short_name: '레드삭스' },
      { id: 2, name: 'Busan Gulls', short_name: '' },
    ];
    expect(normalizeName(' 서울  레드삭스 ')).toBe('서울레드삭스');
    expect(matchTeam('서울레드삭스', teams)?.id).toBe(1);
    expect(matchTeam('레드 삭스', teams)?.id).toBe(1);
    expect(matchTeam('busan gulls', teams)?.id).toBe(2);
    expect(matchTeam('', teams)).toBeNull();
    expect(matchTeam('레드', teams)).toBeNull();
  });
});
