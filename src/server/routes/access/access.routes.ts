import { createRoute } from '@hono/zod-openapi';
import { signedInSecurity } from '../../http/openapi-doc.ts';
import { z } from 'zod';
import { responses } from '../../http/envelope.ts';
import { label } from '../../../lib/validation/index.ts';
import { idParam, mainIdParam, teamIdParam } from '../common/params.ts';
import { boardRoles, managerGrades } from '../../../lib/schemas/user.ts';

const tags = ['권한 확인'];

const userIdParam = idParam('회원', '회원(user) 번호');

/** A board key such as `notice`. */
export const boardParam = label(z.string().regex(/^[a-z0-9_-]{1,40}$/), '게시판').meta({
  description: '게시판 이름 (영문 소문자, 숫자, -, _; 예: notice)',
  example: 'notice',
});

const grade = z
  .literal(managerGrades)
  .meta({ description: '1 협회 관리자, 2 리그 운영자, 3 기록원' });

export const leagueManagerCheck = createRoute({
  method: 'get',
  path: '/league/admin/manager/can_access/{leagueMainId}/{userId}',
  security: signedInSecurity,
  tags,
  summary: '협회(리그) 관리자 확인',
  description:
    '회원이 협회의 관리 화면에 들어갈 수 있는지(`result`)와 그 협회에서의 등급(`grade`: 1 협회 관리자, 2 리그 운영자, 3 기록원)을 돌려줍니다. ' +
    '사이트 관리자는 항상 `result: true`이고, 따로 준 등급이 없으면 `grade: 1`(모든 권한)로 봅니다. 사용 중지된 회원은 `result: false`. ' +
    '호출: 로그인한 본인 또는 사이트 관리자. 실패하면 화면은 /league/{id}로 보냅니다.',
  request: { params: z.object({ leagueMainId: mainIdParam, userId: userIdParam }) },
  responses: responses(z.object({ result: z.boolean(), grade: grade.nullable() })),
});

export const teamManagerCheck = createRoute({
  method: 'get',
  path: '/team/{teamId}/admin/can_access/{userId}',
  security: signedInSecurity,
  tags,
  summary: '팀 관리자 확인',
  description:
    '회원이 팀을 관리할 수 있으면 `true`: 사이트 관리자, 팀이 속한 협회의 협회 관리자(1), 그 팀의 팀 관리자. 사용 중지된 회원은 `false`. ' +
    '호출: 로그인한 본인 또는 사이트 관리자. 실패하면 화면은 /로 보냅니다.',
  request: { params: z.object({ teamId: teamIdParam, userId: userIdParam }) },
  responses: responses(z.boolean()),
});

export const managedLeague = z.object({
  mainId: z.number().int(),
  path: z.string(),
  name: z.string(),
  shortName: z.string(),
  grade,
  gradeName: z.string(),
});

export const managedLeagues = createRoute({
  method: 'get',
  path: '/league/main/manager/{userId}',
  security: signedInSecurity,
  tags,
  summary: '관리하는 협회 목록',
  description:
    '회원이 관리하는 협회(league main)와 각 협회에서의 등급. 사이트 관리자에게는 모든 협회가 나오며, 따로 준 등급이 없으면 등급 1입니다. ' +
    '호출: 로그인한 본인 또는 사이트 관리자.',
  request: { params: z.object({ userId: userIdParam }) },
  responses: responses(z.array(managedLeague)),
});

export const boardRoleCheck = createRoute({
  method: 'get',
  path: '/league/board/{mainId}/{board}/user/{userId}',
  security: signedInSecurity,
  tags,
  summary: '게시판 권한 확인',
  description:
    '경로의 `{a}/{b}`는 협회 번호(`mainId`)와 게시판 이름(`board`, 예: notice)으로 읽습니다. ' +
    '회원의 그 게시판 권한 `{ role, source }`(read 읽기, write 쓰기, admin 관리) 또는 권한이 없으면 `null`. ' +
    '게시판에 따로 준 권한이 먼저이고(`source: board`), 없으면 사이트 관리자(`admin`)·협회 관리자(`grade`)는 admin, 리그 운영자는 write입니다. ' +
    '호출: 로그인한 본인 또는 사이트 관리자. 실패하면 화면은 /league/{id}로 보냅니다.',
  request: { params: z.object({ mainId: mainIdParam, board: boardParam, userId: userIdParam }) },
  responses: responses(
    z.object({ role: z.enum(boardRoles), source: z.enum(['board', 'admin', 'grade']) }).nullable(),
  ),
});
