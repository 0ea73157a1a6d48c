import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { okSchema } from '../../http/envelope.ts';

export const healthData = z.object({
  status: z.enum(['ok', 'degraded']).meta({ description: '데이터베이스가 응답하면 ok' }),
  time: z.string().meta({ description: '서버 시각 (ISO 8601)' }),
});

export const health = createRoute({
  method: 'get',
  path: '/health',
  tags: ['서버'],
  summary: '서버 상태 확인',
  description:
    '서버가 요청을 받고 데이터베이스가 응답하는지 알려 줍니다. 로그인 없이 부를 수 있고 캐시되지 않습니다.',
  responses: {
    200: {
      description: '서버가 동작 중',
      content: { 'application/json': { schema: okSchema(healthData) } },
    },
  },
});
