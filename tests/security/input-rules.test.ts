import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Target } from './helpers/target.ts';
import { adminLogin, call, login, startTarget } from './helpers/target.ts';

let target: Target;
let admin: string;
beforeAll(async () => {
  target = await startTarget();
  admin = await login(target.url, adminLogin);
});
afterAll(() => target?.stop());

const count = (sql: string, ...params: (string | number)[]) =>
  target.query<{ n: number }>(sql, ...params)[0].n;

describe('passwords follow NIST SP 800-63B', () => {
  it('a new account with `password1` or eight spaces is refused with the reason, and not created', async () => {
    const users = count('SELECT count(*) AS n FROM users');
    for (const [password, message] of [
      [
        'password1',
        '너무 흔히 쓰이는 비밀번호입니다. 남이 짐작하기 어려운 다른 비밀번호를 정해 주세요.',
      ],
      ['        ', '비밀번호를 공백만으로 정할 수는 없습니다.'],
    ]) {
      const res = await call(target.url, 'POST', '/api/users', {
        token: admin,
        body: { email: 'weak@sbsa.kr', username: '약한비번', password },
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ password: message });
    }
    expect(count('SELECT count(*) AS n FROM users')).toBe(users);
  });

  it('a new password `Password1` for an existing account is refused and the old one still signs in', async () => {
    const id = count("SELECT id AS n FROM users WHERE email = 'league1@sbsa.kr'");
    const res = await call(target.url, 'PATCH', `/api/users/${id}`, {
      token: admin,
      body: { password: 'Password1' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.password).toMatch(/^너무 흔히 쓰이는 비밀번호입니다/);
    const old = await call(target.url, 'POST', '/api/auth/login', {
      body: { email: 'league1@sbsa.kr', password: 'demo-password-1' },
    });
    expect(old.status).toBe(200);
  });

  it('a long passphrase of lower-case words is accepted: no composition rules', async () => {
    const res = await call(target.url, 'POST', '/api/users', {
      token: admin,
      body: { email: 'phrase@sbsa.kr', username: '긴문장', password: 'softball league in spring' },
    });
    expect(res.status).toBe(201);
  });
});

describe('free text is NFC and carries no hidden characters', () => {
  const players = () => count('SELECT count(*) AS n FROM players');

  it('a name with U+202E, U+200B or NUL gets 400 with the Korean message on the field; nothing is stored', async () => {
    const before = players();
    for (const [name, message] of [
      [
        '\u202e동길홍',
        '이름에 글자 방향을 바꾸는 보이지 않는 문자가 들어 있습니다. 지우고 다시 입력해 주세요.',
      ],
      [
        '홍\u200b길동',
        '이름에 폭이 없는 보이지 않는 문자가 들어 있습니다. 지우고 다시 입력해 주세요.',
      ],
      ['홍길동\u0000', '이름에 보이지 않는 제어 문자가 들어 있습니다. 지우고 다시 입력해 주세요.'],
    ]) {
      const res = await call(target.url, 'POST', '/api/players', { token: admin, body: { name } });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ name: message });
    }
    expect(players()).toBe(before);
  });

  it('a name typed in decomposed Hangul (NFD) is stored composed (NFC)', async () => {
    const decomposed = '나정규'.normalize('NFD');
    const res = await call(target.url, 'POST', '/api/players', {
      token: admin,
      body: { name: decomposed },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.name).toBe('나정규');
    const stored = target.query<{ name: string }>(
      'SELECT name FROM players WHERE id = ?',
      res.body.data.id,
    );
    expect(stored).toEqual([{ name: '나정규' }]);
    expect(stored[0].name).toHaveLength(3);
  });

  it('a notice body keeps its line breaks but not a NUL', async () => {
    const notices = count('SELECT count(*) AS n FROM notices');
    const mainId = count("SELECT id AS n FROM league_main WHERE path = 'sbsa'");
    const res = await call(target.url, 'POST', `/api/league/main/${mainId}/notice`, {
      token: admin,
      body: { title: '안내', body: '첫 줄\n\u0000' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.body).toMatch(/^내용에 보이지 않는 제어 문자/);
    expect(count('SELECT count(*) AS n FROM notices')).toBe(notices);
  });
});
