import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { responses } from '../../http/envelope.ts';
import { idParam } from '../common/params.ts';
import {
  playerCareer,
  playerCareerInput,
  playerCareerUpdate,
} from '../../../lib/schemas/player.ts';

const tags = ['선수 경력'];

const params = z.object({ id: idParam('선수', '선수 번호') });
const careerParams = params.extend({ careerId: idParam('경력', '경력(team_players) 번호') });
const who =
  '사이트 관리자, 그 협회의 협회 관리자(1), 또는 그 팀의 팀 관리자(자기 팀 경력만; 팀을 옮기면 두 팀 모두 관리할 수 있어야 함)';

export const list = createRoute({
  method: 'get',
  path: '/players/{id}/career',
  tags,
  summary: '선수 경력 목록',
  description:
    '선수가 거친 팀(등번호, 시작일, 종료일), 최근 것부터. `current`는 오늘(한국 시간) 소속 중인지입니다. 누구나 볼 수 있습니다.',
  request: { params },
  responses: responses(z.array(playerCareer)),
});

export const add = createRoute({
  method: 'post',
  path: '/players/{id}/career',
  tags,
  summary: '선수 경력 추가',
  description: `팀은 선수와 같은 협회여야 하고, 선수는 한 번에 한 팀에만 소속됩니다(기간이 겹치면 409). 종료일이 없으면 지금도 소속입니다. 할 수 있는 사람: ${who}.`,
  request: {
    params,
    body: { content: { 'application/json': { schema: playerCareerInput } }, required: true },
  },
  responses: responses(playerCareer, '추가됨', 201),
});

export const update = createRoute({
  method: 'patch',
  path: '/players/{id}/career/{careerId}',
  tags,
  summary: '선수 경력 고치기',
  description: `보낸 항목만 바꿉니다(예: 이적할 때 \`toDate\`만). 할 수 있는 사람: ${who}.`,
  request: {
    params: careerParams,
    body: { content: { 'application/json': { schema: playerCareerUpdate } }, required: true },
  },
  responses: responses(playerCareer),
});

export const remove = createRoute({
  method: 'delete',
  path: '/players/{id}/career/{careerId}',
  tags,
  summary: '선수 경력 지우기',
  description: `경력 한 줄을 지웁니다. 리그 명단과 경기 기록은 그대로 남습니다. 할 수 있는 사람: ${who}.`,
  request: { params: careerParams },
  responses: responses(z.object({ id: z.number().int() })),
});
