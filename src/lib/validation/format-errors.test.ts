import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { toFieldErrors } from './format-errors.ts';
import { koErrorMap } from './ko-error-map.ts';
import { label } from './label.ts';

const gameRecord = z.object({
  gameId: label(z.number().int().positive(), '경기'),
  lines: label(
    z
      .array(
        z.object({
          playerId: label(z.number().int().positive(), '선수'),
          ab: label(z.number().int().nonnegative(), '타수'),
        }),
      )
      .min(1),
    '타격 기록',
  ),
});

describe('toFieldErrors', () => {
  it('keys Korean messages by dotted path and leads with the first one', () => {
    const result = gameRecord.safeParse(
      { gameId: 0, lines: [{ playerId: 7, ab: -1 }, { ab: 'x' }] },
      { error: koErrorMap },
    );
    expect(toFieldErrors(result.error!)).toEqual({
      message: '경기는 양수여야 합니다.',
      errors: {
        gameId: '경기는 양수여야 합니다.',
        'lines.0.ab': '타수는 0 이상이어야 합니다.',
        'lines.1.playerId': '선수를 입력해 주세요.',
        'lines.1.ab': '타수는 숫자여야 합니다.',
      },
    });
  });

  it('keeps the first message of a field that fails twice', () => {
    const schema = z.object({ code: label(z.string().min(3).uppercase(), '코드') });
    const result = schema.safeParse({ code: 'a' }, { error: koErrorMap });
    expect(result.error?.issues).toHaveLength(2);
    expect(toFieldErrors(result.error!).errors).toEqual({ code: '코드는 3자 이상이어야 합니다.' });
  });

  it("puts issues about the whole value under 'root'", () => {
    const result = gameRecord.safeParse('not an object', { error: koErrorMap });
    expect(toFieldErrors(result.error!)).toEqual({
      message: '값이 올바르지 않습니다.',
      errors: { root: '값이 올바르지 않습니다.' },
    });
  });
});
