import { createRoute } from '@hono/zod-openapi';
import { signedInSecurity } from '../../http/openapi-doc.ts';
import { z } from 'zod';
import { responses } from '../../http/envelope.ts';
import { idParam, teamIdParam } from '../common/params.ts';
import { teamManager } from '../../../lib/schemas/team.ts';
import { teamManagerInput } from '../../../lib/schemas/user.ts';

const tags = ['팀 관리자'];

const teamParams = z.object({ teamId: teamIdParam });
const managerParams = teamParams.extend({ userId: idParam('회원', '회원(user) 번호') });
const who = '사이트 관리자 또는 그 협회의 협회 관리자(1)';

export const list = createRoute({
  method: 'get',
  path: '/teams/{teamId}/managers',
  security: signedInSecurity,
  tags,
  summary: '팀 관리자 목록',
  description:
    '팀의 명단을 관리하는 회원. 볼 수 있는 사람: 사이트 관리자, 그 협회의 협회 관리자(1), 그 팀의 팀 관리자.',
  request: { params: teamParams },
  responses: responses(z.array(teamManager)),
});

export const add = createRoute({
  method: 'post',
  path: '/teams/{teamId}/managers',
  tags,
  summary: '팀 관리자 지정',
  description: `회원을 팀 관리자로 지정합니다. 팀 관리자는 그 팀의 선수 경력과 리그 명단만 고칠 수 있습니다. 이미 지정되어 있으면 409. 할 수 있는 사람: ${who}.`,
  request: {
    params: teamParams,
    body: { content: { 'application/json': { schema: teamManagerInput } }, required: true },
  },
  responses: responses(teamManager, '지정됨', 201),
});

export const remove = createRoute({
  method: 'delete',
  path: '/teams/{teamId}/managers/{userId}',
  tags,
  summary: '팀 관리자 해제',
  description: `할 수 있는 사람: ${who}.`,
  request: { params: managerParams },
  responses: responses(z.object({ teamId: z.number().int(), userId: z.number().int() })),
});
