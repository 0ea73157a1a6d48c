import { describe, expect, it } from 'vitest';
import { headerColumns, readDate, readTime } from './sheet-cells.ts';

describe('sheet cells', () => {
  it('reads dates written the ways Korean spreadsheets write them', () => {
    for (const text of [
      '2025-05-10',
      '2025.5.10',
      '2025. 5. 10.',
      '2025/05/10',
      '2025년 5월 10일',
      '5/10',
      '5.10',
      '5월 10일',
      '20250510',
      '2025-05-10 (토)',
    ]) {
      expect(readDate(text, 2025), text).toBe('2025-05-10');
    }
    expect(readDate(45787, 2025)).toBe('2025-05-10');
    expect(readDate(45787.5, 2025)).toBe('2025-05-10');
    expect(readDate(20250510, 2025)).toBe('2025-05-10');
    // game dates from 2000 on; a birth date may be older
    expect(readDate('1999-09-09', 2025)).toBeNull();
    expect(readDate('1999-09-09', 2025, 1900)).toBe('1999-09-09');
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

  it('finds header columns in any order, or says the row is no header', () => {
    const names = { name: ['이름', '성명'], team: ['팀', '소속팀'] };
    expect(headerColumns(['소속 팀', '', '성명'], names, ['name'])).toEqual(
      new Map([
        ['team', 0],
        ['name', 2],
      ]),
    );
    expect(headerColumns(['김민준', '서울'], names, ['name'])).toBeNull();
  });
});
