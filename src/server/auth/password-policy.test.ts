import { describe, expect, it } from 'vitest';
import { commonPasswordMessage, isCommonPassword, newPassword } from './password-policy.ts';
import { DEMO_PASSWORD } from '../db/seed/catalog.ts';
import { installKoreanErrors } from '../../lib/validation/index.ts';

installKoreanErrors();

const problem = (password: string) => {
  const result = newPassword.safeParse(password);
  return result.success ? null : result.error.issues[0].message;
};

describe('newPassword (NIST SP 800-63B)', () => {
  it('refuses common passwords in any letter case', () => {
    expect(isCommonPassword('password1')).toBe(true);
    expect(problem('password1')).toBe(commonPasswordMessage);
    expect(problem('Password1')).toBe(commonPasswordMessage);
    expect(problem('qwerty123')).toBe(commonPasswordMessage);
    expect(problem('12345678')).toBe(commonPasswordMessage);
  });

  it('refuses fewer than 8 characters, counted as characters, and blanks only', () => {
    expect(problem('abc1234')).toBe('비밀번호는 8자 이상이어야 합니다.');
    // four emoji are eight UTF-16 units but four characters
    expect(problem('🥎🥎🥎🥎')).toBe('비밀번호는 8자 이상이어야 합니다.');
    expect(problem(' '.repeat(8))).toBe('비밀번호를 공백만으로 정할 수는 없습니다.');
    expect(problem('\t \u3000\u00a0    ')).toBe('비밀번호를 공백만으로 정할 수는 없습니다.');
  });

  it('asks for no kinds of characters: long lower-case phrases, spaces inside and Hangul pass', () => {
    expect(problem('correct horse battery staple')).toBeNull();
    expect(problem('소프트볼 리그 우승하자')).toBeNull();
    expect(problem('zzzzzzzzqqqqqqqq')).toBeNull();
  });

  it('accepts the passwords of the demo data, the README and the tests', () => {
    for (const p of [
      DEMO_PASSWORD,
      'admin-password-1',
      'e2e-admin-password-1',
      'change-this-long-password',
      'password-1234',
    ])
      expect(problem(p), p).toBeNull();
  });
});
