import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { responses } from '../../http/envelope.ts';
import { season, seasonInput, seasonUpdate } from '../../../lib/schemas/season.ts';
import { mainIdParam, seasonIdParam } from '../common/params.ts';

const tags = ['시즌'];
const writers = ' 사이트 관리자와 협회 관리자(1)·리그 운영자(2)만 호출할 수 있습니다.';

export const getSeason = createRoute({
  method: 'get',
  path: '/season/{id}',
  tags,
  summary: '시즌 정보',
  request: { params: z.object({ id: seasonIdParam }) },
  responses: responses(season),
});

const mainParams = z.object({ mainId: mainIdParam });
const seasonParams = z.object({ mainId: mainIdParam, seasonId: seasonIdParam });

export const listSeasons = createRoute({
  method: 'get',
  path: '/main/{mainId}/season',
  tags,
  summary: '협회의 시즌 목록',
  description: '최근 연도부터 돌려줍니다.',
  request: { params: mainParams },
  responses: responses(z.array(season)),
});

export const activeSeason = createRoute({
  method: 'get',
  path: '/main/{mainId}/activeSeason',
  tags,
  summary: '활성 시즌',
  description:
    '협회의 활성 시즌(항상 하나)을 돌려줍니다. 시즌이 아직 하나도 없으면 data는 null입니다.',
  request: { params: mainParams },
  responses: responses(season.nullable()),
});

export const createSeason = createRoute({
  method: 'post',
  path: '/main/{mainId}/season',
  tags,
  summary: '시즌 추가',
  description:
    'active가 true이면 같은 트랜잭션에서 기존 활성 시즌을 비활성으로 바꿉니다. 협회의 첫 시즌은 항상 활성입니다.' +
    writers,
  request: {
    params: mainParams,
    body: { content: { 'application/json': { schema: seasonInput } }, required: true },
  },
  responses: responses(season, '추가됨', 201),
});

export const updateSeason = createRoute({
  method: 'put',
  path: '/main/{mainId}/season/{seasonId}',
  tags,
  summary: '시즌 수정',
  description:
    '보낸 항목만 바꿉니다. active를 true로 하면 이 시즌이 활성 시즌이 되고 기존 활성 시즌은 비활성이 됩니다. 활성 시즌을 false로 바꾸면 409입니다.' +
    writers,
  request: {
    params: seasonParams,
    body: { content: { 'application/json': { schema: seasonUpdate } }, required: true },
  },
  responses: responses(season),
});

export const deleteSeason = createRoute({
  method: 'delete',
  path: '/main/{mainId}/season/{seasonId}',
  tags,
  summary: '시즌 삭제',
  description: `활성 시즌이나 리그가 있는 시즌은 지울 수 없습니다(409).${writers}`,
  request: { params: seasonParams },
  responses: responses(season, '삭제됨 (삭제 전 정보)'),
});
