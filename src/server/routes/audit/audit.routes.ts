import { createRoute } from '@hono/zod-openapi';
import { signedInSecurity } from '../../http/openapi-doc.ts';
import { z } from 'zod';
import { responses } from '../../http/envelope.ts';
import { label, text } from '../../../lib/validation/index.ts';
import { idParam } from '../common/params.ts';

const tags = ['변경 기록'];

export const auditQuery = z.object({
  offset: label(z.coerce.number().int().min(0), '시작 위치')
    .default(0)
    .meta({ description: '건너뛸 기록 수 (기본 0)' }),
  limit: label(z.coerce.number().int().min(1).max(200), '개수')
    .default(50)
    .meta({ description: '가져올 기록 수 (1–200, 기본 50)' }),
  entity: label(text().min(1).max(50), '대상 종류').optional().meta({
    description: '대상 종류로 거르기 (예: notice, team, player, game, league, season, user)',
  }),
  entityId: label(text().min(1).max(50), '대상 번호')
    .optional()
    .meta({ description: '대상의 번호로 거르기 (entity와 함께)' }),
  userId: idParam('사용자').optional().meta({ description: '바꾼 사람으로 거르기' }),
  action: label(text().min(1).max(30), '동작')
    .optional()
    .meta({ description: '동작으로 거르기 (create, update, delete, import, login, logout …)' }),
});

export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string().meta({ description: '기록 시각 (ISO 8601, UTC)' }),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown().meta({ description: '바꾸기 전 값 (비밀번호·토큰은 숨김)' }),
  after: z.unknown().meta({ description: '바꾼 뒤 값 (비밀번호·토큰은 숨김)' }),
});

export const auditPage = z.object({
  items: z.array(auditEntry),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});

export const list = createRoute({
  method: 'get',
  path: '/',
  security: signedInSecurity,
  tags,
  summary: '최근 변경 기록',
  description:
    '누가 무엇을 언제 바꿨는지 최신순으로 돌려줍니다. 사이트 관리자와 협회 관리자(1등급)만 볼 수 있습니다.',
  request: { query: auditQuery },
  responses: responses(auditPage),
});
