import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { trimmed } from './trimmed.ts';

describe('trimmed', () => {
  const schema = z.string().check(trimmed());

  it('accepts strings without outer whitespace, including empty and inner spaces', () => {
    for (const ok of ['', 'a', '김 철수', 'a\nb']) expect(schema.safeParse(ok).success).toBe(true);
  });

  it('rejects leading or trailing whitespace without rewriting the value', () => {
    for (const bad of [' ', ' a', 'a ', '\ta', 'a\n', '\u3000가']) {
      const result = schema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ code: 'invalid_format', format: 'trimmed' });
    }
  });

  it('takes a custom message', () => {
    expect(z.string().check(trimmed('공백 금지')).safeParse(' a').error?.issues[0].message).toBe(
      '공백 금지',
    );
  });
});
