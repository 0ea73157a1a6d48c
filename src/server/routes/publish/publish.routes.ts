import { createRoute } from '@hono/zod-openapi';
import { signedInSecurity } from '../../http/openapi-doc.ts';
import { z } from 'zod';
import { responses } from '../../http/envelope.ts';
import { label } from '../../../lib/validation/index.ts';

const tags = ['사이트 게시'];

export const publishRun = z.object({
  id: z.number().int(),
  reason: z.string().meta({ description: '빌드를 시작한 까닭 (바뀐 데이터, 웹훅 …)' }),
  status: z.enum(['running', 'success', 'failed']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  pages: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable().meta({ description: '실패했을 때 오류의 첫 줄' }),
  unnamedPages: z.number().int().nullable().meta({
    description:
      '자정 점검에서 찾은, 데이터가 바뀌었는데 바로 다시 게시되지 않은 페이지 수 (점검하지 않은 빌드는 null)',
  }),
});

export const nightlyCheckRun = z.object({
  runId: z.number().int(),
  startedAt: z.string(),
  unnamedPages: z.number().int(),
  files: z.array(z.string()).meta({ description: '그 페이지 가운데 앞의 20개 (사이트 주소)' }),
});

export const publishStatusData = z.object({
  running: z.boolean().meta({ description: '지금 빌드 중인지' }),
  current: publishRun.nullable().meta({ description: '진행 중인 빌드' }),
  lastFinished: publishRun
    .nullable()
    .meta({ description: '가장 최근에 끝난 빌드 (성공 또는 실패)' }),
  lastSuccess: publishRun
    .nullable()
    .meta({ description: '가장 최근에 성공한 빌드 (지금 공개된 사이트)' }),
  runs: z.array(publishRun).meta({ description: '최근 빌드, 최신순' }),
  compressing: z.number().int().meta({
    description:
      '공개된 사이트에서 brotli 압축을 기다리는 파일 수: 모든 페이지를 새로 만든 빌드는 파일을 압축하지 않고 먼저 공개한 뒤 압축합니다 (그동안은 압축하지 않거나 gzip으로 보냅니다)',
  }),
});

export const statusQuery = z.object({
  limit: label(z.coerce.number().int().min(1).max(50), '개수')
    .default(10)
    .meta({ description: '돌려줄 최근 빌드 수 (1–50, 기본 10)' }),
});

export const status = createRoute({
  method: 'get',
  path: '/status',
  security: signedInSecurity,
  tags,
  summary: '사이트 게시 상태',
  description:
    '공개 사이트 빌드(publish_runs)의 최근 기록과 지금 빌드 중인지를 돌려줍니다. 로그인한 사용자만 볼 수 있습니다.',
  request: { query: statusQuery },
  responses: responses(publishStatusData),
});
