import { createRoute } from '@hono/zod-openapi';
import {
  imageUploadBody,
  imageUploadErrors,
  imageUploadMiddleware,
} from '../common/image-upload.ts';
import { z } from 'zod';
import { responses } from '../../http/envelope.ts';
import { idParam } from '../common/params.ts';
import { pageOf, searchQueryShape, sortParam } from '../../services/search-match.ts';
import { team, teamInput, teamUpdate } from '../../../lib/schemas/team.ts';

const tags = ['팀'];

const params = z.object({ id: idParam('팀', '팀 번호') });
const who = '사이트 관리자 또는 그 협회의 협회 관리자(1)';

export const listQuery = z.object({
  mainId: idParam('협회', '이 협회의 팀만').optional(),
  divisionId: idParam('부', '이 부의 팀만').optional(),
  ...searchQueryShape,
  sort: sortParam(['name', '-name', 'id', '-id', 'division'], 'name'),
});

export const list = createRoute({
  method: 'get',
  path: '/teams',
  tags,
  summary: '팀 목록',
  description:
    '팀 목록. `divisionId`로 부를 고르고, `q`는 팀 이름이나 약칭의 일부나 초성으로 찾습니다. 누구나 볼 수 있습니다.',
  request: { query: listQuery },
  responses: responses(pageOf(team)),
});

export const get = createRoute({
  method: 'get',
  path: '/teams/{id}',
  tags,
  summary: '팀 정보',
  description: '누구나 볼 수 있습니다.',
  request: { params },
  responses: responses(team),
});

export const create = createRoute({
  method: 'post',
  path: '/teams',
  tags,
  summary: '팀 만들기',
  description: `같은 협회에 같은 이름의 팀이 있으면 409. 부는 같은 협회의 것이어야 합니다. 할 수 있는 사람: ${who}.`,
  request: { body: { content: { 'application/json': { schema: teamInput } }, required: true } },
  responses: responses(team, '만들어짐', 201),
});

export const update = createRoute({
  method: 'patch',
  path: '/teams/{id}',
  tags,
  summary: '팀 고치기',
  description: `보낸 항목만 바꿉니다. 할 수 있는 사람: ${who}.`,
  request: {
    params,
    body: { content: { 'application/json': { schema: teamUpdate } }, required: true },
  },
  responses: responses(team),
});

export const remove = createRoute({
  method: 'delete',
  path: '/teams/{id}',
  tags,
  summary: '팀 지우기',
  description: `경기 기록, 리그 참가, 수상, 선수·지도자 경력이 있는 팀은 지울 수 없습니다(409, 무엇 때문인지 알려 줌). 경기 기록은 절대 함께 지워지지 않습니다. 팀 관리자 지정은 함께 없어집니다. 할 수 있는 사람: ${who}.`,
  request: { params },
  responses: responses(z.object({ id: z.number().int() })),
});

export const uploadTeamLogo = createRoute({
  method: 'post',
  path: '/teams/{id}/logo',
  tags,
  summary: '팀 로고 올리기',
  description:
    'multipart/form-data의 file 필드로 이미지(PNG, JPEG, GIF, WEBP)를 2MB까지 올립니다. 리그 로고처럼 형식은 파일 내용으로 판단하고(아니면 415, 크면 413), ' +
    `바로 세우고 메타데이터를 지운 뒤 페이지가 쓰는 크기로 저장합니다. 할 수 있는 사람: ${who}.`,
  middleware: imageUploadMiddleware(),
  request: { params, body: imageUploadBody },
  responses: { ...responses(team), ...imageUploadErrors },
});
