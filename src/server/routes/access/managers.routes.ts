import { createRoute } from '@hono/zod-openapi';
import { signedInSecurity } from '../../http/openapi-doc.ts';
import { z } from 'zod';
import { responses } from '../../http/envelope.ts';
import { idParam, mainIdParam } from '../common/params.ts';
import { leagueManager, managerGradeInput, managerInput } from '../../../lib/schemas/user.ts';

const tags = ['협회 관리자'];

const mainParams = z.object({ mainId: mainIdParam });
const managerParams = mainParams.extend({ userId: idParam('회원', '회원(user) 번호') });
const who = '사이트 관리자 또는 이 협회의 협회 관리자(1)';

export const list = createRoute({
  method: 'get',
  path: '/league/main/{mainId}/managers',
  security: signedInSecurity,
  tags,
  summary: '협회 관리자 목록',
  description:
    '협회의 관리자와 등급(1 협회 관리자, 2 리그 운영자, 3 기록원). 볼 수 있는 사람: 사이트 관리자와 이 협회의 관리자(등급 무관).',
  request: { params: mainParams },
  responses: responses(z.array(leagueManager)),
});

export const grant = createRoute({
  method: 'post',
  path: '/league/main/{mainId}/managers',
  tags,
  summary: '협회 관리자 지정',
  description: `회원에게 협회의 관리 등급을 줍니다. 이미 관리자면 409(등급 변경을 쓰세요). 할 수 있는 사람: ${who}.`,
  request: {
    params: mainParams,
    body: { content: { 'application/json': { schema: managerInput } }, required: true },
  },
  responses: responses(leagueManager, '지정됨', 201),
});

export const change = createRoute({
  method: 'patch',
  path: '/league/main/{mainId}/managers/{userId}',
  tags,
  summary: '협회 관리자 등급 변경',
  description: `관리자의 등급을 바꿉니다. 할 수 있는 사람: ${who}.`,
  request: {
    params: managerParams,
    body: { content: { 'application/json': { schema: managerGradeInput } }, required: true },
  },
  responses: responses(leagueManager),
});

export const revoke = createRoute({
  method: 'delete',
  path: '/league/main/{mainId}/managers/{userId}',
  tags,
  summary: '협회 관리자 해제',
  description: `회원의 관리 등급을 없앱니다. 할 수 있는 사람: ${who}.`,
  request: { params: managerParams },
  responses: responses(z.object({ mainId: z.number().int(), userId: z.number().int() })),
});
