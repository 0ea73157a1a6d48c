import { createRoute } from '@hono/zod-openapi';
import { signedInSecurity } from '../../http/openapi-doc.ts';
import { z } from 'zod';
import { responses } from '../../http/envelope.ts';
import { idParam, mainIdParam } from '../common/params.ts';
import { boardRole, boardRoleInput } from '../../../lib/schemas/user.ts';
import { boardParam } from './access.routes.ts';

const tags = ['게시판 권한'];

const boardParams = z.object({ mainId: mainIdParam, board: boardParam });
const roleParams = boardParams.extend({ userId: idParam('회원', '회원(user) 번호') });
const who = '사이트 관리자 또는 이 협회의 협회 관리자(1)';

export const list = createRoute({
  method: 'get',
  path: '/league/main/{mainId}/boards/{board}/roles',
  security: signedInSecurity,
  tags,
  summary: '게시판 권한 목록',
  description:
    '게시판(예: notice)에 따로 권한을 받은 회원. 볼 수 있는 사람: 사이트 관리자와 이 협회의 관리자(등급 무관).',
  request: { params: boardParams },
  responses: responses(z.array(boardRole)),
});

export const set = createRoute({
  method: 'put',
  path: '/league/main/{mainId}/boards/{board}/roles/{userId}',
  tags,
  summary: '게시판 권한 주기/바꾸기',
  description: `회원에게 게시판 권한(read 읽기, write 쓰기, admin 관리)을 주거나 바꿉니다. 같은 요청을 여러 번 보내도 결과는 같습니다. 할 수 있는 사람: ${who}.`,
  request: {
    params: roleParams,
    body: { content: { 'application/json': { schema: boardRoleInput } }, required: true },
  },
  responses: responses(boardRole),
});

export const remove = createRoute({
  method: 'delete',
  path: '/league/main/{mainId}/boards/{board}/roles/{userId}',
  tags,
  summary: '게시판 권한 없애기',
  description: `회원의 게시판 권한을 없앱니다. 할 수 있는 사람: ${who}.`,
  request: { params: roleParams },
  responses: responses(
    z.object({ mainId: z.number().int(), board: z.string(), userId: z.number().int() }),
  ),
});
