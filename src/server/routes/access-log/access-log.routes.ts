import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { signedInSecurity } from '../../http/openapi-doc.ts';
import { errorSchema, responses } from '../../http/envelope.ts';
import { label, text } from '../../../lib/validation/index.ts';
import { accessActions, accessLogPage, monthReview } from '../../../lib/schemas/access-log.ts';
import { mainIdParam } from '../common/params.ts';
import { downloadReasonQuery } from '../ops/ops.routes.ts';

const tags = ['개인정보 접속기록'];
const who = '사이트 관리자와 이 협회의 협회 관리자(1등급)만 볼 수 있습니다.';

const params = z.object({ mainId: mainIdParam });

const day = (what: string) =>
  label(z.iso.date({ error: `${what}은 YYYY-MM-DD 형식으로 적어 주세요.` }), what);

export const accessLogFilter = z.object({
  account: label(text().min(1).max(254), '계정')
    .optional()
    .meta({ description: '계정(이메일)으로 거르기' }),
  subject: label(
    z.string().regex(/^(player|coach|user):[1-9][0-9]*$/, {
      error: '대상은 player:12, coach:3, user:7처럼 적어 주세요.',
    }),
    '대상',
  )
    .optional()
    .meta({ description: '누구의 정보인지로 거르기: player:12, coach:3, user:7' }),
  action: label(z.enum(accessActions), '처리')
    .optional()
    .meta({ description: 'read 조회, create 입력, update 변경, delete 삭제, download 다운로드' }),
  from: day('시작일').optional().meta({ description: '이날부터 (Asia/Seoul, YYYY-MM-DD)' }),
  to: day('종료일').optional().meta({ description: '이날까지 (Asia/Seoul, YYYY-MM-DD)' }),
});

export const accessLogQuery = accessLogFilter.extend({
  offset: label(z.coerce.number().int().min(0).max(1_000_000), '시작 위치')
    .default(0)
    .meta({ description: '건너뛸 기록 수 (기본 0)' }),
  limit: label(z.coerce.number().int().min(1).max(200), '개수')
    .default(50)
    .meta({ description: '가져올 기록 수 (1–200, 기본 50)' }),
});

export const list = createRoute({
  method: 'get',
  path: '/main/{mainId}/personal-access-log',
  security: signedInSecurity,
  tags,
  summary: '개인정보 접속기록',
  description: `누가 언제 어디서 누구의 개인정보를 조회·입력·변경·삭제·다운로드했는지 최신순으로 돌려줍니다. ${who}`,
  request: { params, query: accessLogQuery },
  responses: responses(accessLogPage),
});

export const csv = createRoute({
  method: 'get',
  path: '/main/{mainId}/personal-access-log.csv',
  security: signedInSecurity,
  tags,
  summary: '개인정보 접속기록 CSV 다운로드',
  description: `거르기에 맞는 기록 전부를 CSV로 내려받습니다. 기록에 계정 이메일이 들어 있어 사유(\`reason\`)가 필요하고, 이 다운로드도 접속기록에 남습니다. ${who}`,
  request: { params, query: accessLogFilter.extend(downloadReasonQuery.shape) },
  responses: {
    200: { description: 'UTF-8(BOM) CSV', content: { 'text/csv': { schema: z.string() } } },
    400: {
      description: '사유 없음, 입력값 오류',
      content: { 'application/json': { schema: errorSchema } },
    },
    401: { description: '로그인 필요', content: { 'application/json': { schema: errorSchema } } },
    403: { description: '권한 없음', content: { 'application/json': { schema: errorSchema } } },
  },
});

const month = label(
  z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: '달은 2026-03처럼 적어 주세요.' }),
  '달',
).meta({ description: '점검할 달 (Asia/Seoul, YYYY-MM)' });

export const review = createRoute({
  method: 'get',
  path: '/main/{mainId}/personal-access-log/review',
  security: signedInSecurity,
  tags,
  summary: '접속기록 월별 점검',
  description: `한 달 동안 계정별·처리별 건수와 눈여겨볼 계정, 그 달의 검토 완료 여부를 돌려줍니다. ${who}`,
  request: {
    params,
    query: z.object({
      month: month
        .optional()
        .meta({ description: '점검할 달 (Asia/Seoul, YYYY-MM; 기본: 이번 달)' }),
    }),
  },
  responses: responses(monthReview),
});

export const markReviewed = createRoute({
  method: 'post',
  path: '/main/{mainId}/personal-access-log/review',
  security: signedInSecurity,
  tags,
  summary: '접속기록 월별 점검: 검토 완료',
  description: `그 달을 검토했다고 기록합니다 (누가, 언제). ${who}`,
  request: {
    params,
    body: { content: { 'application/json': { schema: z.object({ month }) } }, required: true },
  },
  responses: responses(monthReview),
});
