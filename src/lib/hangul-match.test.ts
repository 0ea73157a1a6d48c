import { describe, expect, it } from 'vitest';
import { hangulMatch, initialsOf } from './hangul-match.ts';

describe('hangulMatch', () => {
  it('finds a name by its initial consonants', () => {
    expect(hangulMatch('홍길동', 'ㅎㄱㄷ')).toBe(true);
    expect(hangulMatch('홍길동', 'ㄱㄷ')).toBe(true);
    expect(hangulMatch('홍길동', 'ㅎㄷ')).toBe(false);
    expect(hangulMatch('김철수', 'ㅎㄱㄷ')).toBe(false);
  });

  it('mixes whole syllables and initials', () => {
    expect(hangulMatch('홍길동', '홍ㄱ동')).toBe(true);
    expect(hangulMatch('홍길동', '홍ㄱ')).toBe(true);
    expect(hangulMatch('홍길동', 'ㅎ길')).toBe(true);
    expect(hangulMatch('홍길동', '홍ㄴ')).toBe(false);
  });

  it('finds plain substrings', () => {
    expect(hangulMatch('서울 이글스', '이글스')).toBe(true);
    expect(hangulMatch('서울 이글스', '서울이글')).toBe(true);
    expect(hangulMatch('서울 이글스', '부산')).toBe(false);
  });

  it('matches the syllable still being typed', () => {
    expect(hangulMatch('홍길동', '홍기')).toBe(true);
    expect(hangulMatch('홍길동', '홍길')).toBe(true);
    expect(hangulMatch('홍길동', '호')).toBe(true);
    expect(hangulMatch('홍길동', '히')).toBe(false);
    expect(hangulMatch('가방', '갑')).toBe(true);
    expect(hangulMatch('가수', '갑')).toBe(false);
  });

  it('does not treat a syllable in the middle as still being typed', () => {
    expect(hangulMatch('홍길동', '기동')).toBe(false);
  });

  it('compares Latin letters without case and ignores spaces', () => {
    expect(hangulMatch('SBSA Eagles', 'eag')).toBe(true);
    expect(hangulMatch('SBSA Eagles', 'sbsaeagles')).toBe(true);
  });

  it('matches everything with a blank query', () => {
    expect(hangulMatch('홍길동', '')).toBe(true);
    expect(hangulMatch('홍길동', '   ')).toBe(true);
  });

  it('handles decomposed input (NFD) like composed', () => {
    expect(hangulMatch('홍길동'.normalize('NFD'), '길동')).toBe(true);
  });
});

describe('initialsOf', () => {
  it('gives the initial consonants', () => {
    expect(initialsOf('홍길동')).toBe('ㅎㄱㄷ');
    expect(initialsOf('A팀 1')).toBe('Aㅌ 1');
  });
});
