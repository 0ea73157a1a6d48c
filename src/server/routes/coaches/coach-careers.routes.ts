import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { responses } from '../../http/envelope.ts';
import { idParam } from '../common/params.ts';
import { coachCareer, coachCareerInput, coachCareerUpdate } from '../../../lib/schemas/coach.ts';

const tags = ['지도자 경력'];

const params = z.object({ id: idParam('지도자', '지도자(coach) 번호') });
const careerParams = params.extend({ careerId: idParam('경력', '경력(team_coaches) 번호') });
const who = '사이트 관리자 또는 그 협회의 협회 관리자(1)';

export const list = createRoute({
  method: 'get',
  path: '/coaches/{id}/career',
  tags,
  summary: '지도자 경력 목록',
  description: '지도자가 맡았던 팀과 역할(감독, 코치, 단장), 최근 것부터. 누구나 볼 수 있습니다.',
  request: { params },
  responses: responses(z.array(coachCareer)),
});

export const add = createRoute({
  method: 'post',
  path: '/coaches/{id}/career',
  tags,
  summary: '지도자 경력 추가',
  description: `팀은 지도자와 같은 협회여야 합니다. 여러 팀을 함께 맡을 수는 있지만 같은 팀에 기간이 겹치는 경력은 409. 할 수 있는 사람: ${who}.`,
  request: {
    params,
    body: { content: { 'application/json': { schema: coachCareerInput } }, required: true },
  },
  responses: responses(coachCareer, '추가됨', 201),
});

export const update = createRoute({
  method: 'patch',
  path: '/coaches/{id}/career/{careerId}',
  tags,
  summary: '지도자 경력 고치기',
  description: `보낸 항목만 바꿉니다. 할 수 있는 사람: ${who}.`,
  request: {
    params: careerParams,
    body: { content: { 'application/json': { schema: coachCareerUpdate } }, required: true },
  },
  responses: responses(coachCareer),
});

export const remove = createRoute({
  method: 'delete',
  path: '/coaches/{id}/career/{careerId}',
  tags,
  summary: '지도자 경력 지우기',
  description: `할 수 있는 사람: ${who}.`,
  request: { params: careerParams },
  responses: responses(z.object({ id: z.number().int() })),
});
