import { createRoute } from '@hono/zod-openapi';
import { signedInSecurity } from '../../http/openapi-doc.ts';
import { z } from 'zod';
import { responses } from '../../http/envelope.ts';
import { idParam } from '../common/params.ts';
import { pageOf, searchQueryShape, sortParam } from '../../services/search-match.ts';
import { player, playerInput, playerUpdate, teamPlayerInput } from '../../../lib/schemas/player.ts';

const tags = ['선수'];

const params = z.object({ id: idParam('선수', '선수 번호') });
const who = '사이트 관리자 또는 그 협회의 협회 관리자(1)';
const privacy =
  '생년월일과 회원 연결(`birthDate`, `userId`)은 사이트 관리자와 그 협회의 관리자(모든 등급)·팀 관리자에게만 나옵니다.';

const baseQuery = {
  mainId: idParam('협회', '이 협회의 선수만').optional(),
  ...searchQueryShape,
  sort: sortParam(['name', '-name', 'id', '-id', 'birthDate'], 'name'),
};

export const listQuery = z.object({
  ...baseQuery,
  teamId: idParam('팀', '지금 이 팀 소속인 선수만').optional(),
});
export const noTeamQuery = z.object(baseQuery);

export const list = createRoute({
  method: 'get',
  path: '/players',
  tags,
  summary: '선수 목록',
  description: `선수와 지금 소속 팀. \`teamId\`로 그 팀에 지금 소속된 선수만, \`q\`는 이름의 일부나 초성(ㅎㄱㄷ → 홍길동)으로 찾습니다. 누구나 볼 수 있고, ${privacy}`,
  request: { query: listQuery },
  responses: responses(pageOf(player)),
});

export const noTeam = createRoute({
  method: 'get',
  path: '/players/no-team',
  security: signedInSecurity,
  tags,
  summary: '소속 팀 없는 선수',
  description:
    '오늘(한국 시간) 기준으로 끝나지 않은 소속 경력이 하나도 없는 선수(관리 화면 noTeamPlayers). 로그인이 필요합니다.',
  request: { query: noTeamQuery },
  responses: responses(pageOf(player)),
});

export const get = createRoute({
  method: 'get',
  path: '/players/{id}',
  tags,
  summary: '선수 정보',
  description: `누구나 볼 수 있고, ${privacy}`,
  request: { params },
  responses: responses(player),
});

export const create = createRoute({
  method: 'post',
  path: '/players',
  tags,
  summary: '선수 등록',
  description:
    `같은 협회에 이름과 생년월일이 같은 선수(생년월일이 없으면 이름만 같은 선수)가 있으면 409: 동명이인은 생년월일로 구별합니다. ` +
    `회원(\`userId\`)은 협회 안에서 선수 한 명에게만 연결됩니다. ` +
    `\`teamId\`(와 \`backNumber\`)를 주면 오늘부터 그 팀 소속 경력을 함께 만듭니다. 할 수 있는 사람: ${who}.`,
  request: { body: { content: { 'application/json': { schema: playerInput } }, required: true } },
  responses: responses(player, '등록됨', 201),
});

export const createOnTeam = createRoute({
  method: 'post',
  path: '/teams/{id}/players',
  security: signedInSecurity,
  tags,
  summary: '새 선수를 팀에 등록',
  description:
    '선수를 만들고 이 팀 소속(등번호, 시작일: 생략하면 오늘)까지 한 번에 등록합니다. 동명이인 규칙은 선수 등록과 같습니다(409). ' +
    '할 수 있는 사람: 사이트 관리자, 그 협회의 협회 관리자(1), 이 팀의 팀 관리자.',
  request: {
    params: z.object({ id: idParam('팀', '팀 번호') }),
    body: { content: { 'application/json': { schema: teamPlayerInput } }, required: true },
  },
  responses: responses(player, '등록됨', 201),
});

export const update = createRoute({
  method: 'patch',
  path: '/players/{id}',
  tags,
  summary: '선수 정보 고치기',
  description: `보낸 항목만 바꿉니다. 할 수 있는 사람: ${who}.`,
  request: {
    params,
    body: { content: { 'application/json': { schema: playerUpdate } }, required: true },
  },
  responses: responses(player),
});

export const remove = createRoute({
  method: 'delete',
  path: '/players/{id}',
  tags,
  summary: '선수 지우기',
  description: `경기 기록, 리그 명단, 수상 기록, 소속 경력이 있는 선수는 지울 수 없습니다(409, 무엇 때문인지 건수와 함께 알려 줌). 경기 기록은 절대 함께 지워지지 않습니다. 할 수 있는 사람: ${who}.`,
  request: { params },
  responses: responses(z.object({ id: z.number().int() })),
});
