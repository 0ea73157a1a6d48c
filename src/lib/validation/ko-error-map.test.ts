import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createKoErrorMap, koErrorMap } from './ko-error-map.ts';
import { label } from './label.ts';
import { trimmed } from './trimmed.ts';

/** The messages of one parse with the Korean map, independent of any global `z.config`. */
function messages(
  schema: z.ZodType,
  value: unknown,
  map: z.core.$ZodErrorMap = koErrorMap,
): string[] {
  const result = schema.safeParse(value, { error: map });
  if (result.success) throw new Error(`expected ${JSON.stringify(value)} to fail`);
  return result.error.issues.map((issue) => issue.message);
}

function message(schema: z.ZodType, value: unknown, map?: z.core.$ZodErrorMap): string {
  return messages(schema, value, map)[0];
}

const KST_2024_03_01 = new Date('2024-03-01T00:00:00+09:00');
const KST_2024_12_31 = new Date('2024-12-31T23:59:59+09:00');

describe('koErrorMap: required', () => {
  const form = z.object({
    name: label(z.string(), '이름'),
    password: label(z.string().min(1), '비밀번호'),
    email: label(z.email(), '이메일 주소'),
    age: label(z.number(), '나이'),
  });

  it('asks for a missing field with the particle its label calls for', () => {
    const result = form.safeParse({}, { error: koErrorMap });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', '이름을 입력해 주세요.'],
      ['password', '비밀번호를 입력해 주세요.'],
      ['email', '이메일 주소를 입력해 주세요.'],
      ['age', '나이를 입력해 주세요.'],
    ]);
  });

  it('treats an empty string as not entered', () => {
    expect(message(label(z.string().min(1), '이름'), '')).toBe('이름을 입력해 주세요.');
    expect(message(label(z.string().min(8), '비밀번호'), '')).toBe('비밀번호를 입력해 주세요.');
    expect(message(label(z.string().trim().min(1), '팀명'), '   ')).toBe('팀명을 입력해 주세요.');
    expect(message(label(z.number(), '등번호'), '')).toBe('등번호를 입력해 주세요.');
    expect(message(label(z.string(), '이름'), null)).toBe('이름을 입력해 주세요.');
  });

  it('asks to choose a missing enum value', () => {
    expect(message(label(z.enum(['L', 'R']), '투구 손'), undefined)).toBe(
      '투구 손을 선택해 주세요.',
    );
    expect(message(label(z.enum(['M', 'F']), '성별'), '')).toBe('성별을 선택해 주세요.');
  });

  it('says 값을 when no label is known', () => {
    expect(message(z.string(), undefined)).toBe('값을 입력해 주세요.');
    expect(message(z.string().min(1), '')).toBe('값을 입력해 주세요.');
  });
});

describe('koErrorMap: string length', () => {
  it('min', () => {
    expect(message(label(z.string().min(2), '이름'), 'a')).toBe('이름은 2자 이상이어야 합니다.');
    expect(message(label(z.string().min(8), '비밀번호'), 'abc')).toBe(
      '비밀번호는 8자 이상이어야 합니다.',
    );
  });

  it('max', () => {
    expect(message(label(z.string().max(20), '이름'), 'a'.repeat(21))).toBe(
      '이름은 20자 이하여야 합니다.',
    );
    expect(message(label(z.string().max(1000), '내용'), 'a'.repeat(1001))).toBe(
      '내용은 1000자 이하여야 합니다.',
    );
    expect(message(label(z.string().max(20000), '본문'), 'a'.repeat(20001))).toBe(
      '본문은 20,000자 이하여야 합니다.',
    );
    expect(message(label(z.string().max(64), '비밀번호'), 'a'.repeat(65))).toBe(
      '비밀번호는 64자 이하여야 합니다.',
    );
  });

  it('exact length', () => {
    expect(message(label(z.string().length(6), '인증번호'), '123')).toBe(
      '인증번호는 정확히 6자여야 합니다.',
    );
    expect(message(label(z.string().length(6), '우편번호'), '1234567')).toBe(
      '우편번호는 정확히 6자여야 합니다.',
    );
  });

  it('without a label', () => {
    expect(message(z.string().min(2), 'a')).toBe('2자 이상이어야 합니다.');
  });
});

describe('koErrorMap: string formats', () => {
  it('email', () => {
    expect(message(label(z.email(), '이메일 주소'), 'kim@')).toBe(
      '이메일 주소의 형식이 올바르지 않습니다.',
    );
    expect(message(label(z.string().email(), '이메일'), 'kim')).toBe(
      '이메일의 형식이 올바르지 않습니다.',
    );
    expect(message(z.email(), 'kim')).toBe('이메일 형식이 올바르지 않습니다.');
  });

  it('url', () => {
    expect(message(label(z.url(), '홈페이지'), 'not a url')).toBe(
      '홈페이지의 형식이 올바르지 않습니다.',
    );
    expect(message(label(z.url(), '링크 주소'), 'nope')).toBe(
      '링크 주소의 형식이 올바르지 않습니다.',
    );
    expect(message(z.url(), 'nope')).toBe('URL 형식이 올바르지 않습니다.');
  });

  it('uuid', () => {
    expect(message(label(z.uuid(), '요청 ID'), '123')).toBe('요청 ID의 형식이 올바르지 않습니다.');
    expect(message(label(z.uuid(), '파일 식별자'), '123')).toBe(
      '파일 식별자의 형식이 올바르지 않습니다.',
    );
    expect(message(z.uuid(), '123')).toBe('UUID 형식이 올바르지 않습니다.');
  });

  it('trimmed', () => {
    expect(message(label(z.string().check(trimmed()), '이름'), ' 김철수')).toBe(
      '이름 앞뒤에 공백을 넣을 수 없습니다.',
    );
    expect(message(label(z.string().check(trimmed()), '비밀번호'), 'secret ')).toBe(
      '비밀번호 앞뒤에 공백을 넣을 수 없습니다.',
    );
    expect(message(z.string().check(trimmed()), ' a')).toBe('앞뒤에 공백을 넣을 수 없습니다.');
  });

  it('lowercase', () => {
    expect(message(label(z.string().lowercase(), '경로'), 'SBSA')).toBe(
      '경로를 소문자로만 입력해 주세요.',
    );
    expect(message(label(z.string().lowercase(), '아이디'), 'Kim')).toBe(
      '아이디를 소문자로만 입력해 주세요.',
    );
    expect(message(z.string().lowercase(), 'Kim')).toBe('소문자로만 입력해 주세요.');
  });

  it('uppercase', () => {
    expect(message(label(z.string().uppercase(), '팀 약칭'), 'lg')).toBe(
      '팀 약칭을 대문자로만 입력해 주세요.',
    );
    expect(message(label(z.string().uppercase(), '코드'), 'ab')).toBe(
      '코드를 대문자로만 입력해 주세요.',
    );
  });

  it('ISO date strings and other patterns', () => {
    expect(message(label(z.iso.date(), '경기일'), '2024-13-01')).toBe(
      '경기일을 YYYY-MM-DD 형식으로 입력해 주세요.',
    );
    expect(message(label(z.iso.time({ precision: -1 }), '경기 시간'), '25:00')).toBe(
      '경기 시간을 HH:MM 형식으로 입력해 주세요.',
    );
    expect(message(z.iso.date(), 'x')).toBe('YYYY-MM-DD 형식으로 입력해 주세요.');
    expect(message(label(z.string().regex(/^\d{3}-\d{4}$/), '전화번호'), 'x')).toBe(
      '전화번호의 형식이 올바르지 않습니다.',
    );
    expect(message(label(z.string().startsWith('sb'), '경로'), 'x')).toBe(
      '경로는 "sb"로 시작해야 합니다.',
    );
  });
});

describe('koErrorMap: numbers', () => {
  it('min and max are inclusive', () => {
    expect(message(label(z.number().min(1), '등번호'), 0)).toBe('등번호는 1 이상이어야 합니다.');
    expect(message(label(z.number().max(99), '등번호'), 100)).toBe('등번호는 99 이하여야 합니다.');
    expect(message(label(z.number().min(1), '이닝'), 0)).toBe('이닝은 1 이상이어야 합니다.');
    expect(message(label(z.number().max(10000), '관중 수'), 10001)).toBe(
      '관중 수는 10,000 이하여야 합니다.',
    );
    // Years and other numbers below 10,000 are written without a separator.
    expect(message(label(z.number().min(2000), '연도'), 1999)).toBe(
      '연도는 2000 이상이어야 합니다.',
    );
    expect(message(label(z.number().max(9999), '경기 번호'), 10000)).toBe(
      '경기 번호는 9999 이하여야 합니다.',
    );
  });

  it('less than and more than are exclusive', () => {
    expect(message(label(z.number().lt(10), '점수'), 10)).toBe('점수는 10보다 작아야 합니다.');
    expect(message(label(z.number().gt(3), '타수'), 3)).toBe('타수는 3보다 커야 합니다.');
    expect(message(label(z.number().gt(0.5), '비율'), 0.5)).toBe('비율은 0.5보다 커야 합니다.');
  });

  it('positive and negative', () => {
    expect(message(label(z.number().positive(), '점수'), 0)).toBe('점수는 양수여야 합니다.');
    expect(message(label(z.number().positive(), '순서'), -1)).toBe('순서는 양수여야 합니다.');
    expect(message(label(z.number().negative(), '점수 차'), 0)).toBe('점수 차는 음수여야 합니다.');
    expect(message(label(z.number().nonnegative(), '안타'), -1)).toBe(
      '안타는 0 이상이어야 합니다.',
    );
  });

  it('integer', () => {
    expect(message(label(z.number().int(), '타수'), 1.5)).toBe('타수는 정수여야 합니다.');
    expect(message(label(z.int(), '등번호'), 7.5)).toBe('등번호는 정수여야 합니다.');
  });

  it('type error: must be a number', () => {
    expect(message(label(z.number(), '나이'), 'abc')).toBe('나이는 숫자여야 합니다.');
    expect(message(label(z.number(), '등번호'), '7')).toBe('등번호는 숫자여야 합니다.');
    expect(message(label(z.number(), '점수'), Number.NaN)).toBe('점수는 숫자여야 합니다.');
    expect(message(label(z.coerce.number(), '타점'), 'x')).toBe('타점은 숫자여야 합니다.');
    expect(message(z.number(), 'abc')).toBe('숫자여야 합니다.');
  });

  it('multiple of', () => {
    expect(message(label(z.number().multipleOf(5), '금액'), 3)).toBe('금액은 5의 배수여야 합니다.');
  });
});

describe('koErrorMap: dates, shown as YYYY-MM-DD in Asia/Seoul', () => {
  it('min', () => {
    // 2024-03-01 00:00 in Seoul is still 2024-02-29 in UTC.
    expect(message(label(z.date().min(KST_2024_03_01), '경기일'), new Date('2024-02-01'))).toBe(
      '경기일은 2024-03-01 이후여야 합니다.',
    );
    expect(message(label(z.coerce.date().min(KST_2024_03_01), '시작일'), '2024-01-01')).toBe(
      '시작일은 2024-03-01 이후여야 합니다.',
    );
  });

  it('max', () => {
    expect(message(label(z.date().max(KST_2024_12_31), '생년월일'), new Date('2025-01-02'))).toBe(
      '생년월일은 2024-12-31 이전이어야 합니다.',
    );
    expect(
      message(label(z.date().max(KST_2024_12_31), '종료 예정일'), new Date('2025-01-02')),
    ).toBe('종료 예정일은 2024-12-31 이전이어야 합니다.');
  });

  it('invalid date', () => {
    expect(message(label(z.date(), '경기일'), new Date('nope'))).toBe(
      '경기일은 올바른 날짜가 아닙니다.',
    );
  });
});

describe('koErrorMap: arrays', () => {
  it('min', () => {
    expect(message(label(z.array(z.number()).min(1), '참가 팀'), [])).toBe(
      '참가 팀을 1개 이상 선택해 주세요.',
    );
    expect(message(label(z.array(z.number()).min(2), '선수'), [1])).toBe(
      '선수를 2개 이상 선택해 주세요.',
    );
    expect(message(z.array(z.number()).min(2), [1])).toBe('2개 이상 선택해 주세요.');
  });

  it('max', () => {
    expect(message(label(z.array(z.number()).max(3), '포지션'), [1, 2, 3, 4])).toBe(
      '포지션을 3개 이하로 선택해 주세요.',
    );
    expect(message(label(z.array(z.number()).max(2), '코치'), [1, 2, 3])).toBe(
      '코치를 2개 이하로 선택해 주세요.',
    );
  });

  it('exact length', () => {
    expect(message(label(z.array(z.number()).length(9), '타순'), [1])).toBe(
      '타순을 정확히 9개 선택해 주세요.',
    );
    expect(message(label(z.array(z.number()).length(2), '투수'), [1])).toBe(
      '투수를 정확히 2개 선택해 주세요.',
    );
  });
});

describe('koErrorMap: other issues', () => {
  it('invalid enum value', () => {
    expect(message(label(z.enum(['L', 'R']), '타격 방향'), 'X')).toBe(
      '타격 방향의 값이 올바르지 않습니다.',
    );
    expect(message(z.enum(['L', 'R']), 'X')).toBe('값이 올바르지 않습니다.');
  });

  it('other invalid types', () => {
    expect(message(label(z.string(), '이름'), 12)).toBe('이름은 문자열이어야 합니다.');
    expect(message(label(z.boolean(), '공개 여부'), 'yes')).toBe(
      '공개 여부의 값이 올바르지 않습니다.',
    );
    expect(message(label(z.array(z.string()), '선수'), 'a')).toBe('선수는 목록이어야 합니다.');
  });

  it('unrecognized keys', () => {
    expect(message(z.strictObject({ name: z.string() }), { name: 'a', role: 'x', grade: 1 })).toBe(
      '알 수 없는 항목이 있습니다: role, grade',
    );
  });
});

describe('koErrorMap: finding the label', () => {
  it('keeps the label through checks added after label() and through wrappers', () => {
    expect(message(label(z.string(), '이름').min(2), 'a')).toBe('이름은 2자 이상이어야 합니다.');
    expect(message(label(z.string().min(2).optional(), '이름'), 'a')).toBe(
      '이름은 2자 이상이어야 합니다.',
    );
    expect(message(label(z.string().min(2), '이름').nullable(), 'a')).toBe(
      '이름은 2자 이상이어야 합니다.',
    );
    expect(
      message(
        label(
          z
            .string()
            .min(2)
            .transform((s) => s.length),
          '이름',
        ),
        'a',
      ),
    ).toBe('이름은 2자 이상이어야 합니다.');
    expect(
      message(
        z
          .object({ name: label(z.string(), '이름') })
          .partial()
          .required(),
        {},
      ),
    ).toBe('이름을 입력해 주세요.');
  });

  it('gives one schema a label per field without touching the original', () => {
    const shared = z.string().min(2);
    const schema = z.object({
      home: label(shared, '홈 팀'),
      away: label(shared, '원정 팀'),
      memo: shared,
    });
    expect(messages(schema, { home: 'a', away: 'b', memo: 'c' })).toEqual([
      '홈 팀은 2자 이상이어야 합니다.',
      '원정 팀은 2자 이상이어야 합니다.',
      '2자 이상이어야 합니다.',
    ]);
  });

  it('falls back to fieldLabels by dotted path, then by last key', () => {
    const map = createKoErrorMap({
      fieldLabels: { 'lines.0.ab': '1번 타자 타수', ab: '타수', nickname: '닉네임' },
    });
    const schema = z.object({
      nickname: z.string().min(2),
      lines: z.array(z.object({ ab: z.number().int().nonnegative() })),
    });
    const result = schema.safeParse(
      { nickname: 'a', lines: [{ ab: -1 }, { ab: 'x' }] },
      { error: map },
    );
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      '닉네임은 2자 이상이어야 합니다.',
      '1번 타자 타수는 0 이상이어야 합니다.',
      '타수는 숫자여야 합니다.',
    ]);
  });

  it('prefers the schema label over fieldLabels', () => {
    const map = createKoErrorMap({ fieldLabels: { name: '다른 이름' } });
    expect(message(z.object({ name: label(z.string(), '이름') }), {}, map)).toBe(
      '이름을 입력해 주세요.',
    );
  });
});
