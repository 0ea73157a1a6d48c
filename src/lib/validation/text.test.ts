import type * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { installKoreanErrors, label, multilineText, text } from './index.ts';

installKoreanErrors();

const name = label(text().min(1).max(50), '이름');
const body = label(multilineText(), '내용');
const problem = (schema: z.ZodType, value: string) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0].message;
};

describe('free text', () => {
  it('is stored NFC: decomposed Hangul comes out composed', () => {
    const decomposed = '홍길동'.normalize('NFD');
    expect(decomposed).toHaveLength(9);
    expect(name.parse(` ${decomposed} `)).toBe('홍길동');
  });

  it('refuses control, direction-control and zero-width characters with the field in Korean', () => {
    expect(problem(name, '홍\u0000길동')).toBe(
      '이름에 보이지 않는 제어 문자가 들어 있습니다. 지우고 다시 입력해 주세요.',
    );
    expect(problem(name, '홍길\n동')).toMatch(/^이름에 보이지 않는 제어 문자/);
    expect(problem(name, '\u202e동길홍')).toBe(
      '이름에 글자 방향을 바꾸는 보이지 않는 문자가 들어 있습니다. 지우고 다시 입력해 주세요.',
    );
    expect(problem(name, '홍\u2066길동')).toMatch(/^이름에 글자 방향을 바꾸는/);
    expect(problem(name, '홍\u200b길동')).toBe(
      '이름에 폭이 없는 보이지 않는 문자가 들어 있습니다. 지우고 다시 입력해 주세요.',
    );
    expect(problem(name, '홍\u200d길동')).toMatch(/^이름에 폭이 없는/);
  });

  it('keeps line breaks and tabs in multi-line text, refuses the rest there too', () => {
    expect(body.parse('첫 줄\r\n\t둘째 줄')).toBe('첫 줄\r\n\t둘째 줄');
    expect(problem(body, '본문\u0000')).toMatch(/^내용에 보이지 않는 제어 문자/);
    expect(problem(body, '본문\u202d')).toMatch(/^내용에 글자 방향을 바꾸는/);
  });

  it('lets ordinary names through: Hangul, Latin with accents, digits, spaces inside', () => {
    expect(name.parse('José Müller 2세')).toBe('José Müller 2세');
    expect(name.parse('서울 블루 삭스')).toBe('서울 블루 삭스');
  });
});
