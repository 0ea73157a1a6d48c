import { createRoute } from '@hono/zod-openapi';
import * as z from 'zod';
import { responses } from '../../http/envelope.ts';
import { idParam } from '../common/params.ts';
import { leagueResult, leagueResultInput } from '../../../lib/schemas/result.ts';

const tags = ['리그 결과'];

const params = z.object({ id: idParam('리그') });

export const getResult = createRoute({
  method: 'get',
  path: '/league/{id}/result',
  tags,
  summary: '리그 결과',
  description:
    '리그 규정(승률 또는 승점, 동률 규칙 순서)으로 계산한 순위표와 최종 순위, 시상 내역을 돌려줍니다. 순위표는 정규리그 종료·몰수 경기로 계산합니다(몰수는 7:0).',
  request: { params },
  responses: responses(leagueResult),
});

export const postResult = createRoute({
  method: 'post',
  path: '/league/{id}/result',
  tags,
  summary: '최종 순위·시상 저장',
  description:
    '최종 순위(ranks)와 시상(awards)을 보낸 내용으로 모두 바꿉니다. 팀은 리그 참가 팀, 선수는 리그 명단에 있어야 합니다. 협회 관리자·리그 운영자만 할 수 있습니다.',
  request: {
    params,
    body: { content: { 'application/json': { schema: leagueResultInput } }, required: true },
  },
  responses: responses(leagueResult),
});
