import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { label, labelOf } from './label.ts';

describe('label', () => {
  it('returns a labelled copy and leaves the original unlabelled', () => {
    const plain = z.string();
    const named = label(plain, '이름');
    expect(named).not.toBe(plain);
    expect(labelOf(named)).toBe('이름');
    expect(labelOf(plain)).toBeUndefined();
    expect(named.parse('김철수')).toBe('김철수');
  });

  it('is found through later checks, wrappers and object helpers, as a form caption would need', () => {
    const schema = z.object({
      name: label(z.string(), '이름').min(2),
      phone: label(z.string(), '연락처').optional(),
      birthday: label(z.iso.date().nullable(), '생년월일'),
    });
    expect(labelOf(schema.shape.name)).toBe('이름');
    expect(labelOf(schema.shape.phone)).toBe('연락처');
    expect(labelOf(schema.shape.birthday)).toBe('생년월일');
    expect(labelOf(schema.partial().shape.name)).toBe('이름');
  });

  it('survives a copy made from the definition alone, as .openapi() of @hono/zod-openapi makes', () => {
    const named = label(z.number().int(), '나이');
    const copy = z.core.util.clone(named, named._zod.def);
    expect(copy._zod.parent).toBeUndefined();
    expect(labelOf(copy)).toBe('나이');
    expect(labelOf(named.describe('만 나이'))).toBe('나이');
  });

  it('keeps defaults computed per parse', () => {
    let n = 0;
    const schema = label(
      z.number().default(() => ++n),
      '순번',
    );
    expect([schema.parse(undefined), schema.parse(undefined)]).toEqual([1, 2]);
  });

  it('stays out of the JSON Schema used for OpenAPI, unlike .meta()', () => {
    const schema = label(z.string().min(2).describe('선수 이름'), '이름');
    expect(z.toJSONSchema(schema)).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'string',
      minLength: 2,
      description: '선수 이름',
    });
  });
});
