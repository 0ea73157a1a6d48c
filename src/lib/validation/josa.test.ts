import { describe, expect, it } from 'vitest';
import { josa, pickJosa } from './josa.ts';

describe('josa', () => {
  it('follows the final consonant of a Hangul syllable', () => {
    expect(josa('이름', '을/를')).toBe('이름을');
    expect(josa('비밀번호', '을/를')).toBe('비밀번호를');
    expect(josa('이메일 주소', '을/를')).toBe('이메일 주소를');
    expect(josa('팀', '이/가')).toBe('팀이');
    expect(josa('리그', '이/가')).toBe('리그가');
    expect(josa('시즌명', '은/는')).toBe('시즌명은');
    expect(josa('닉네임', '은/는')).toBe('닉네임은');
    expect(josa('선수', '은/는')).toBe('선수는');
    expect(josa('감독', '과/와')).toBe('감독과');
    expect(josa('코치', '과/와')).toBe('코치와');
  });

  it('takes 로 after a vowel or ㄹ and 으로 after any other final consonant', () => {
    expect(josa('서울', '으로/로')).toBe('서울로');
    expect(josa('부산', '으로/로')).toBe('부산으로');
    expect(josa('학교', '으로/로')).toBe('학교로');
  });

  it('reads digits the Korean way', () => {
    expect(josa('1', '을/를')).toBe('1을');
    expect(josa('2', '을/를')).toBe('2를');
    expect(josa('3', '이/가')).toBe('3이');
    expect(josa('6', '은/는')).toBe('6은');
    expect(josa('9', '은/는')).toBe('9는');
    expect(josa('0', '이/가')).toBe('0이');
    expect(josa('1', '으로/로')).toBe('1로');
    expect(josa('3', '으로/로')).toBe('3으로');
  });

  it('reads trailing zeros as place words (십, 백, 천, 만, 억, 조)', () => {
    expect(josa('10', '을/를')).toBe('10을');
    expect(josa('100', '을/를')).toBe('100을');
    expect(josa('1,000', '을/를')).toBe('1,000을');
    expect(josa('20000', '이/가')).toBe('20000이');
    expect(josa('1000000000000', '이/가')).toBe('1000000000000가');
    expect(josa('12', '을/를')).toBe('12를');
    expect(josa('1.5', '이/가')).toBe('1.5가');
    expect(josa('2.0', '이/가')).toBe('2.0이');
  });

  it('spells capital letters: 엘, 엠, 엔, 알 end in a consonant', () => {
    expect(josa('L', '을/를')).toBe('L을');
    expect(josa('PA', '을/를')).toBe('PA를');
    expect(josa('ID', '이/가')).toBe('ID가');
    expect(josa('URL', '은/는')).toBe('URL은');
    expect(josa('URL', '으로/로')).toBe('URL로');
    expect(josa('UUID', '은/는')).toBe('UUID는');
    expect(josa('ERA', '이/가')).toBe('ERA가');
    expect(josa('M', '으로/로')).toBe('M으로');
  });

  it('reads lowercase words as words', () => {
    expect(josa('email', '을/를')).toBe('email을');
    expect(josa('team', '이/가')).toBe('team이');
    expect(josa('file', '으로/로')).toBe('file로');
    expect(josa('password', '을/를')).toBe('password를');
  });

  it('looks past a trailing parenthetical and punctuation', () => {
    expect(josa('생년월일(YYYY-MM-DD)', '을/를')).toBe('생년월일(YYYY-MM-DD)을');
    expect(josa('비밀번호 (8자 이상)', '은/는')).toBe('비밀번호 (8자 이상)는');
    expect(josa('"abc"', '으로/로')).toBe('"abc"로');
  });

  it('falls back to both forms when the reading is unknown', () => {
    expect(pickJosa('', '을/를')).toBe('을(를)');
    expect(pickJosa('野球', '이/가')).toBe('이(가)');
    expect(pickJosa('★', '으로/로')).toBe('(으)로');
  });
});
