import { z } from 'zod';
import type { Context } from 'hono';

/** The success envelope `{ ok: true, data }`. */
export function ok<T>(c: Context, data: T, status: 200 | 201 = 200) {
  return c.json({ ok: true as const, data }, status);
}

/** OpenAPI description of `{ ok: true, data }` around a data schema. */
export function okSchema<T extends z.ZodType>(data: T) {
  return z.object({ ok: z.literal(true), data });
}

export const errorSchema = z.object({
  ok: z.literal(false),
  message: z.string().meta({ description: '한국어 오류 메시지' }),
  errors: z
    .record(z.string(), z.string())
    .optional()
    .meta({ description: '필드별 오류 (경로 → 메시지)' }),
});

/** Standard responses for an OpenAPI route: the success shape plus the error envelopes. */
export function responses<T extends z.ZodType>(
  data: T,
  description = '성공',
  status: 200 | 201 = 200,
) {
  const error = (d: string) => ({
    description: d,
    content: { 'application/json': { schema: errorSchema } },
  });
  return {
    [status]: { description, content: { 'application/json': { schema: okSchema(data) } } },
    400: error('입력값 오류'),
    401: error('로그인 필요 또는 토큰 만료'),
    403: error('권한 없음'),
    404: error('대상 없음'),
    409: error('충돌 (중복, 연결된 기록)'),
  } as const;
}
