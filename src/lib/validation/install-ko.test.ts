import { zodResolver } from '@hookform/resolvers/zod';
import { afterAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { installKoreanErrors } from './install-ko.ts';
import { koErrorMap } from './ko-error-map.ts';
import { label } from './label.ts';

describe('installKoreanErrors', () => {
  const before = z.config().customError;
  afterAll(() => {
    z.config({ customError: before });
  });

  it('makes plain parses speak Korean, and installing twice changes nothing', () => {
    installKoreanErrors();
    installKoreanErrors();
    expect(z.config().customError).toBe(koErrorMap);
    expect(label(z.string().min(2), '이름').safeParse('a').error?.issues[0].message).toBe(
      '이름은 2자 이상이어야 합니다.',
    );
  });

  it('leaves messages given on the schema alone', () => {
    installKoreanErrors();
    expect(z.string().min(2, '두 글자 이상').safeParse('a').error?.issues[0].message).toBe(
      '두 글자 이상',
    );
  });

  it('reaches react-hook-form through the zod resolver', async () => {
    installKoreanErrors();
    const schema = z.object({
      name: label(z.string().min(1), '이름'),
      password: label(z.string().min(8), '비밀번호'),
    });
    const resolve = zodResolver(schema);
    const result = await resolve({ name: '', password: 'abc' }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(result.errors).toMatchObject({
      name: { message: '이름을 입력해 주세요.' },
      password: { message: '비밀번호는 8자 이상이어야 합니다.' },
    });
  });
});
