import { describe, expect, it } from 'vitest';
import {
  formatKoreanDate,
  formatKoreanInstantDate,
  formatKoreanMonth,
  formatKoreanTime,
  formatShortKoreanDate,
  koreanWeekday,
  seoulDate,
} from './korean-date.ts';

describe('Korean dates', () => {
  it('writes a calendar date with its weekday', () => {
    expect(formatKoreanDate('2026-11-21')).toBe('2026년 11월 21일(토)');
    expect(formatKoreanDate('2024-02-29')).toBe('2024년 2월 29일(목)');
    expect(formatShortKoreanDate('2026-03-01')).toBe('3월 1일(일)');
    expect(formatKoreanMonth('2026-03-01')).toBe('2026년 3월');
    expect(koreanWeekday('2026-11-23')).toBe('월');
  });

  it('leaves what is not a date as it is', () => {
    expect(formatKoreanDate('미정')).toBe('미정');
  });

  it('writes times with 오전/오후', () => {
    expect(formatKoreanTime('09:05')).toBe('오전 9:05');
    expect(formatKoreanTime('12:00')).toBe('오후 12:00');
    expect(formatKoreanTime('00:30')).toBe('오전 12:30');
    expect(formatKoreanTime('18:30')).toBe('오후 6:30');
    expect(formatKoreanTime(null)).toBe('');
  });

  it('reads instants in Asia/Seoul, not UTC', () => {
    expect(seoulDate('2026-11-20T15:30:00.000Z')).toBe('2026-11-21');
    expect(seoulDate('2026-11-20T14:59:59.000Z')).toBe('2026-11-20');
    expect(formatKoreanInstantDate('2026-11-20T15:30:00.000Z')).toBe('2026년 11월 21일(토)');
  });
});
