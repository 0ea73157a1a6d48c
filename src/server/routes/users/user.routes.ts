import { createRoute } from '@hono/zod-openapi';
import { signedInSecurity } from '../../http/openapi-doc.ts';
import { z } from 'zod';
import { responses } from '../../http/envelope.ts';
import { idParam } from '../common/params.ts';
import { userProfile } from '../../../lib/schemas/user.ts';

const tags = ['회원'];

const userIdParam = idParam('회원', '회원(user) 번호');

export const profile = createRoute({
  method: 'get',
  path: '/user/{id}',
  security: signedInSecurity,
  tags,
  summary: '회원 프로필',
  description:
    '저장된 로그인 사용자의 정보(전화번호, 사진 등)를 새로 읽습니다. 전화번호가 들어 있으므로 ' +
    '본인, 사이트 관리자, 협회 관리자(1)만 부를 수 있고 다른 사람은 403입니다.',
  request: { params: z.object({ id: userIdParam }) },
  responses: responses(userProfile),
});

export const teamPlayer = z.object({
  teamId: z.number().int(),
  leagueMains: z
    .array(z.number().int())
    .meta({ description: '이 팀-선수 관계가 속한 협회(league main) 번호들' }),
  playerId: z.number().int(),
  current: z.boolean().meta({ description: '오늘(한국 시간) 이 팀 소속인지' }),
});

export const players = createRoute({
  method: 'get',
  path: '/user/{userId}/player',
  security: signedInSecurity,
  tags,
  summary: '회원과 연결된 선수의 팀',
  description:
    '회원과 연결된 선수의 팀-선수 항목: 소속 경력이나 리그 명단이 있는 팀마다 하나씩, 그 팀과 리그가 속한 협회 번호(`leagueMains`)와 함께. ' +
    '지금 소속 팀이 먼저 옵니다. 연결된 선수가 없으면 빈 목록. 부를 수 있는 사람: 본인, 사이트 관리자, 협회 관리자(1).',
  request: { params: z.object({ userId: userIdParam }) },
  responses: responses(z.array(teamPlayer)),
});
