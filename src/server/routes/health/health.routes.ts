import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { errorSchema, okSchema } from '../../http/envelope.ts';

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
    '서버가 요청을 받고 데이터베이스가 응답하는지 알려 줍니다(liveness). 로그인 없이 부를 수 있고 캐시되지 않습니다.',
  responses: {
    200: {
      description: '서버가 동작 중',
      content: { 'application/json': { schema: okSchema(healthData) } },
    },
  },
});

export const readyData = z.object({
  status: z.literal('ready'),
  site: z
    .enum(['live', 'off'])
    .meta({ description: 'live: 공개 사이트 빌드가 서비스 중, off: 사이트를 만들지 않는 서버' }),
  build: z.string().nullable().meta({
    description: '이 노드가 서비스하는 공개 사이트 빌드 (어느 노드가 만들었든), 없으면 null',
  }),
  publishes: z
    .boolean()
    .meta({ description: '이 노드가 발행을 맡고 있는지 (발행 임대를 가진 노드는 하나뿐)' }),
});

export const ready = createRoute({
  method: 'get',
  path: '/ready',
  tags: ['서버'],
  summary: '요청을 받을 준비가 되었는지 확인',
  description:
    '데이터베이스 마이그레이션이 끝나고 이 노드가 공개 사이트 빌드를 서비스하면 200, 그 전에는 503을 돌려줍니다(readiness). ' +
    '여러 노드에서는 발행하지 않는 노드도 다른 노드가 공개한 빌드를 서비스하는 동안 200입니다. ' +
    '부하 분산기와 배포 스크립트가 트래픽을 보내기 전에 확인합니다.',
  responses: {
    200: {
      description: '준비됨',
      content: { 'application/json': { schema: okSchema(readyData) } },
    },
    503: {
      description: '아직 준비 중 (Retry-After 헤더의 초만큼 기다렸다가 다시 확인)',
      content: { 'application/json': { schema: errorSchema } },
    },
  },
});

export const metrics = createRoute({
  method: 'get',
  path: '/metrics',
  tags: ['서버'],
  summary: 'Prometheus 지표',
  description:
    'Prometheus 텍스트 형식의 지표입니다. 환경 변수 METRICS_TOKEN을 설정했을 때만 켜지며 ' +
    '`Authorization: Bearer {METRICS_TOKEN}` 헤더가 필요합니다.',
  security: [{ metricsToken: [] }],
  responses: {
    200: {
      description: 'Prometheus 텍스트 형식 (text/plain; version=0.0.4)',
      content: { 'text/plain': { schema: z.string() } },
    },
    401: {
      description: '토큰이 없거나 틀림',
      content: { 'application/json': { schema: errorSchema } },
    },
    404: {
      description: 'METRICS_TOKEN이 설정되지 않아 꺼져 있음',
      content: { 'application/json': { schema: errorSchema } },
    },
  },
});
