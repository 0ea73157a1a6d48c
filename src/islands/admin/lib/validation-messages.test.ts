import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { installKoreanErrors, label, trimmed } from '../../../lib/validation/index.ts';
import { seasonInput } from '../../../lib/schemas/season.ts';
import { loginInput } from '../features/auth/api/login.ts';

/** The message a form shows for `value` in field `name`, going through zodResolver as the admin forms do. */
async function messageFor(schema: z.ZodType, value: unknown): Promise<string | undefined> {
  const form = z.object({ field: schema });
  const resolver = zodResolver(form as never);
  const result = await resolver({ field: value } as never, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  } as never);
  return (result.errors as Record<string, { message?: string }>).field?.message;
}

beforeAll(() => installKoreanErrors());

describe('Korean messages for every rule of SPEC.md §5, with the field name and the right particle', () => {
  it.each([
    ['required (empty text)', label(z.string().min(1), '이름'), '', '이름을 입력해 주세요.'],
    ['required (missing)', label(z.string(), '비밀번호'), undefined, '비밀번호를 입력해 주세요.'],
    ['string minimum', label(z.string().min(2), '이름'), '김', '이름은 2자 이상이어야 합니다.'],
    [
      'string maximum',
      label(z.string().max(5), '닉네임'),
      '여섯글자닉네',
      '닉네임은 5자 이하여야 합니다.',
    ],
    [
      'string exact length',
      label(z.string().length(6), '우편번호'),
      '123',
      '우편번호는 정확히 6자여야 합니다.',
    ],
    ['email', label(z.email(), '이메일'), 'kim@', '이메일의 형식이 올바르지 않습니다.'],
    ['url', label(z.url(), '홈페이지'), 'not a url', '홈페이지의 형식이 올바르지 않습니다.'],
    ['uuid', label(z.uuid(), '식별자'), '1234', '식별자의 형식이 올바르지 않습니다.'],
    [
      'trimmed',
      label(z.string().check(trimmed()), '팀 이름'),
      ' 이글스 ',
      '팀 이름 앞뒤에 공백을 넣을 수 없습니다.',
    ],
    [
      'lowercase only',
      label(z.string().lowercase(), '아이디'),
      'Kim',
      '아이디를 소문자로만 입력해 주세요.',
    ],
    [
      'uppercase only',
      label(z.string().uppercase(), '약칭'),
      'Sbsa',
      '약칭을 대문자로만 입력해 주세요.',
    ],
    ['number minimum', label(z.number().min(2000), '연도'), 1999, '연도는 2000 이상이어야 합니다.'],
    ['number maximum', label(z.number().max(99), '등번호'), 100, '등번호는 99 이하여야 합니다.'],
    ['number less than', label(z.number().lt(10), '점수'), 10, '점수는 10보다 작아야 합니다.'],
    ['number more than', label(z.number().gt(5), '이닝'), 5, '이닝은 5보다 커야 합니다.'],
    ['number positive', label(z.number().positive(), '타석'), 0, '타석은 양수여야 합니다.'],
    ['number negative', label(z.number().negative(), '보정값'), 1, '보정값은 음수여야 합니다.'],
    ['number integer', label(z.number().int(), '타수'), 1.5, '타수는 정수여야 합니다.'],
    [
      'date minimum',
      label(z.date().min(new Date('2025-01-01T00:00:00+09:00')), '경기일'),
      new Date('2024-12-31T12:00:00+09:00'),
      '경기일은 2025-01-01 이후여야 합니다.',
    ],
    [
      'date maximum',
      label(z.date().max(new Date('2025-12-31T00:00:00+09:00')), '종료일'),
      new Date('2026-01-05T12:00:00+09:00'),
      '종료일은 2025-12-31 이전이어야 합니다.',
    ],
    [
      'array minimum',
      label(z.array(z.number()).min(2), '참가 팀'),
      [1],
      '참가 팀을 2개 이상 선택해 주세요.',
    ],
    [
      'array maximum',
      label(z.array(z.number()).max(2), '참가 팀'),
      [1, 2, 3],
      '참가 팀을 2개 이하로 선택해 주세요.',
    ],
    [
      'array length',
      label(z.array(z.number()).length(2), '선발 투수'),
      [1],
      '선발 투수를 정확히 2개 선택해 주세요.',
    ],
    ['type error: must be a number', label(z.number(), '나이'), 'abc', '나이는 숫자여야 합니다.'],
    [
      'type error: a number input left unreadable (NaN)',
      label(z.number(), '창단 연도'),
      Number.NaN,
      '창단 연도는 숫자여야 합니다.',
    ],
  ])('%s', async (_rule, schema, value, expected) => {
    expect(await messageFor(schema, value)).toBe(expected);
  });

  it('uses the labels of the shared schemas the forms reuse', async () => {
    const resolver = zodResolver(seasonInput as never);
    const result = await resolver({ seasonName: '', year: 1800 } as never, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    } as never);
    const errors = result.errors as Record<string, { message?: string }>;
    expect(errors.seasonName?.message).toBe('시즌 이름을 입력해 주세요.');
    expect(errors.year?.message).toBe('연도는 2000 이상이어야 합니다.');
  });

  it('validates the login form in Korean', async () => {
    const resolver = zodResolver(loginInput as never);
    const result = await resolver({ email: 'x', password: '' } as never, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    } as never);
    const errors = result.errors as Record<string, { message?: string }>;
    expect(errors.email?.message).toBe('이메일의 형식이 올바르지 않습니다.');
    expect(errors.password?.message).toBe('비밀번호를 입력해 주세요.');
  });
});
