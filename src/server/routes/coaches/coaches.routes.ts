import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { responses } from '../../http/envelope.ts';
import { idParam } from '../common/params.ts';
import { pageOf, searchQueryShape, sortParam } from '../../services/search-match.ts';
import { coach, coachInput, coachUpdate } from '../../../lib/schemas/coach.ts';

const tags = ['지도자'];

const params = z.object({ id: idParam('지도자', '지도자(coach) 번호') });
const who = '사이트 관리자 또는 그 협회의 협회 관리자(1)';
const privacy =
  '생년월일, 전화번호, 회원 연결은 사이트 관리자와 그 협회의 관리자(모든 등급)·팀 관리자에게만 나옵니다.';

export const listQuery = z.object({
  mainId: idParam('협회', '이 협회의 지도자만').optional(),
  teamId: idParam('팀', '지금 이 팀 소속인 지도자만').optional(),
  ...searchQueryShape,
  sort: sortParam(['name', '-name', 'id', '-id'], 'name'),
});

export const list = createRoute({
  method: 'get',
  path: '/coaches',
  tags,
  summary: '지도자 목록',
  description: `감독, 코치, 단장과 지금 소속 팀. \`q\`는 이름의 일부나 초성으로 찾습니다. 누구나 볼 수 있고, ${privacy}`,
  request: { query: listQuery },
  responses: responses(pageOf(coach)),
});

export const get = createRoute({
  method: 'get',
  path: '/coaches/{id}',
  tags,
  summary: '지도자 정보',
  description: `누구나 볼 수 있고, ${privacy}`,
  request: { params },
  responses: responses(coach),
});

export const create = createRoute({
  method: 'post',
  path: '/coaches',
  tags,
  summary: '지도자 등록',
  description: `같은 협회에 이름과 생년월일이 같은 지도자(생년월일이 없으면 이름만 같은 지도자)가 있으면 409. 할 수 있는 사람: ${who}.`,
  request: { body: { content: { 'application/json': { schema: coachInput } }, required: true } },
  responses: responses(coach, '등록됨', 201),
});

export const update = createRoute({
  method: 'patch',
  path: '/coaches/{id}',
  tags,
  summary: '지도자 정보 고치기',
  description: `보낸 항목만 바꿉니다. 할 수 있는 사람: ${who}.`,
  request: {
    params,
    body: { content: { 'application/json': { schema: coachUpdate } }, required: true },
  },
  responses: responses(coach),
});

export const remove = createRoute({
  method: 'delete',
  path: '/coaches/{id}',
  tags,
  summary: '지도자 지우기',
  description: `리그 명단이나 경력이 있는 지도자는 지울 수 없습니다(409, 무엇 때문인지 알려 줌). 할 수 있는 사람: ${who}.`,
  request: { params },
  responses: responses(z.object({ id: z.number().int() })),
});
