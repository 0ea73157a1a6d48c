import { describe, expect, it } from 'vitest';
import { describePlayer } from './describe-player.ts';

describe('describePlayer', () => {
  it('names team and birth year', () => {
    expect(
      describePlayer({ name: '김민준', teams: ['서울 이글스'], birthDate: '1990-03-03' }),
    ).toBe('김민준 · 서울 이글스 · 1990년생');
  });

  it('says 생년 모름 when the birth date is not known', () => {
    expect(describePlayer({ name: '김민준', teams: [], birthDate: null })).toBe(
      '김민준 · 소속 팀 없음 · 생년 모름',
    );
  });

  it('leaves the birth year out for a reader who may not see it', () => {
    expect(describePlayer({ name: '김민준', teams: ['서울 이글스'] })).toBe('김민준 · 서울 이글스');
  });
});
