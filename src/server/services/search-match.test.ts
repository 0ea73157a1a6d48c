import { describe, expect, it } from 'vitest';
import { likePattern, matchesQuery, searchPlan } from './search-match.ts';

describe('matchesQuery', () => {
  it('finds substrings', () => {
    expect(matchesQuery('홍길동', '길동')).toBe(true);
    expect(matchesQuery('홍길동', '홍길동')).toBe(true);
    expect(matchesQuery('홍길동', '김')).toBe(false);
    expect(matchesQuery('홍길동', '')).toBe(true);
    expect(matchesQuery('홍길동', '  ')).toBe(true);
  });

  it('matches initial consonants, alone or mixed with syllables', () => {
    expect(matchesQuery('홍길동', 'ㅎㄱㄷ')).toBe(true);
    expect(matchesQuery('홍길동', 'ㄱㄷ')).toBe(true);
    expect(matchesQuery('홍길동', '홍ㄱ동')).toBe(true);
    expect(matchesQuery('홍길동', 'ㅎㄷ')).toBe(false);
    expect(matchesQuery('홍길동', 'ㄲ')).toBe(false);
    expect(matchesQuery('꽃님이', 'ㄲㄴ')).toBe(true);
    expect(matchesQuery('서울 드래곤즈', 'ㄷㄹㄱㅈ')).toBe(true);
  });

  it('matches a last syllable still being typed', () => {
    expect(matchesQuery('홍길동', '홍기')).toBe(true);
    expect(matchesQuery('홍길동', '홍구')).toBe(false);
    expect(matchesQuery('홍길동', '기동')).toBe(false);
  });

  it('ignores case and normalizes decomposed Hangul', () => {
    expect(matchesQuery('Seoul Dragons', 'dragons')).toBe(true);
    expect(matchesQuery('홍길동'.normalize('NFD'), '길동')).toBe(true);
    expect(matchesQuery('admin@sbsa.kr', 'SBSA')).toBe(true);
  });

  it('does not read the query as a pattern', () => {
    expect(matchesQuery('100%', '0%')).toBe(true);
    expect(matchesQuery('a.b', '.*')).toBe(false);
  });
});

describe('searchPlan', () => {
  it('leaves plain queries to SQL', () => {
    expect(searchPlan('길동ab')).toEqual({ fragments: ['길동ab'], needsJs: false });
    expect(searchPlan('')).toEqual({ fragments: [], needsJs: false });
  });

  it('splits around initials and an open last syllable', () => {
    expect(searchPlan('홍ㄱ동')).toEqual({ fragments: ['홍', '동'], needsJs: true });
    expect(searchPlan('ㅎㄱㄷ')).toEqual({ fragments: [], needsJs: true });
    expect(searchPlan('홍길')).toEqual({ fragments: ['홍길'], needsJs: false });
    expect(searchPlan('홍기')).toEqual({ fragments: ['홍'], needsJs: true });
  });
});

describe('likePattern', () => {
  it('escapes wildcards', () => {
    expect(likePattern('a%b_c\\')).toBe('%a\\%b\\_c\\\\%');
  });
});
