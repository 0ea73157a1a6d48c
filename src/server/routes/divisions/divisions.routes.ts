import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { responses } from '../../http/envelope.ts';
import { idParam } from '../common/params.ts';
import { pageOf, searchQueryShape, sortParam } from '../../services/search-match.ts';
import { division, divisionInput, divisionUpdate } from '../../../lib/schemas/division.ts';

const tags = ['부'];

const params = z.object({ id: idParam('부', '부(division) 번호') });
const who = '사이트 관리자 또는 그 협회의 협회 관리자(1)';

export const listQuery = z.object({
  mainId: idParam('협회', '이 협회의 부만').optional(),
  ...searchQueryShape,
  sort: sortParam(['order', 'name', '-name', 'id', '-id'], 'order'),
});

export const list = createRoute({
  method: 'get',
  path: '/divisions',
  tags,
  summary: '부 목록',
  description:
    '부(여자부, 남자 1부, 시니어부 …)를 정렬 순서대로 돌려줍니다. `q`는 이름의 일부나 초성으로 찾습니다. 누구나 볼 수 있습니다.',
  request: { query: listQuery },
  responses: responses(pageOf(division)),
});

export const get = createRoute({
  method: 'get',
  path: '/divisions/{id}',
  tags,
  summary: '부 정보',
  description: '누구나 볼 수 있습니다.',
  request: { params },
  responses: responses(division),
});

export const create = createRoute({
  method: 'post',
  path: '/divisions',
  tags,
  summary: '부 만들기',
  description: `같은 협회에 같은 이름의 부가 있으면 409. 할 수 있는 사람: ${who}.`,
  request: { body: { content: { 'application/json': { schema: divisionInput } }, required: true } },
  responses: responses(division, '만들어짐', 201),
});

export const update = createRoute({
  method: 'patch',
  path: '/divisions/{id}',
  tags,
  summary: '부 고치기',
  description: `보낸 항목만 바꿉니다. 할 수 있는 사람: ${who}.`,
  request: {
    params,
    body: { content: { 'application/json': { schema: divisionUpdate } }, required: true },
  },
  responses: responses(division),
});

export const remove = createRoute({
  method: 'delete',
  path: '/divisions/{id}',
  tags,
  summary: '부 지우기',
  description: `팀이나 리그가 쓰는 부는 지울 수 없습니다(409, 무엇 때문인지 알려 줌). 할 수 있는 사람: ${who}.`,
  request: { params },
  responses: responses(z.object({ id: z.number().int() })),
});
