import { createRoute } from '@hono/zod-openapi';
import {
  imageUploadBody,
  imageUploadErrors,
  imageUploadMiddleware,
} from '../common/image-upload.ts';
import { z } from 'zod';
import { responses } from '../../http/envelope.ts';
import { league, leagueInput, leagueUpdate } from '../../../lib/schemas/league.ts';
import {
  leagueIdParam,
  leagueScopeParams,
  leagueScopePath,
  mainIdParam,
  seasonIdParam,
} from '../common/params.ts';

const tags = ['리그'];
const writers = ' 사이트 관리자와 협회 관리자(1)·리그 운영자(2)만 호출할 수 있습니다.';
const scope = ' 리그는 그 시즌에, 시즌은 그 협회에 속해야 합니다(아니면 404).';

export const listLeagues = createRoute({
  method: 'get',
  path: '/season/{seasonId}/league',
  tags,
  summary: '시즌의 리그 목록',
  description: '시작일 순(시작일 없는 리그는 뒤), 같으면 이름 순입니다.',
  request: { params: z.object({ seasonId: seasonIdParam }) },
  responses: responses(z.array(league)),
});

export const getLeague = createRoute({
  method: 'get',
  path: '/league/{id}',
  tags,
  summary: '리그 정보',
  description:
    '리그와 그 규정(이닝 수, 콜드게임, 무승부, 순위 산정, 동률 처리 순서, 평균자책점 기준, 규정 타석·이닝)을 돌려줍니다.',
  request: { params: z.object({ id: leagueIdParam }) },
  responses: responses(league),
});

export const createLeague = createRoute({
  method: 'post',
  path: '/main/{mainId}/season/{seasonId}/league',
  tags,
  summary: '리그 추가',
  description:
    '빠진 규정 항목은 기본값(7이닝, WBSC 콜드게임, 승률, 승자승→TQB→ER-TQB→타율→추첨, 평균자책점 7이닝 기준)으로 채웁니다.' +
    writers,
  request: {
    params: z.object({ mainId: mainIdParam, seasonId: seasonIdParam }),
    body: { content: { 'application/json': { schema: leagueInput } }, required: true },
  },
  responses: responses(league, '추가됨', 201),
});

export const updateLeague = createRoute({
  method: 'put',
  path: leagueScopePath,
  tags,
  summary: '리그 수정',
  description:
    '보낸 항목만 바꾸고 빠진 항목은 그대로 둡니다. 바꾼 뒤의 값이 서로 맞아야 합니다(종료일 ≥ 시작일 등).' +
    scope +
    writers,
  request: {
    params: leagueScopeParams,
    body: { content: { 'application/json': { schema: leagueUpdate } }, required: true },
  },
  responses: responses(league),
});

export const deleteLeague = createRoute({
  method: 'delete',
  path: leagueScopePath,
  tags,
  summary: '리그 삭제',
  description:
    '경기가 있는 리그는 지울 수 없습니다(409). 참가 팀, 리그 명단, 지도자, 최종 순위와 시상도 함께 지워집니다.' +
    scope +
    writers,
  request: { params: leagueScopeParams },
  responses: responses(league, '삭제됨 (삭제 전 정보)'),
});

export const uploadLogo = createRoute({
  method: 'post',
  path: `${leagueScopePath}/logo`,
  tags,
  summary: '리그 로고 올리기',
  description:
    'multipart/form-data의 file 필드로 이미지(PNG, JPEG, GIF, WEBP)를 2MB까지 올립니다. 형식은 파일 내용으로 판단합니다(아니면 415, 크면 413).' +
    scope +
    writers,
  middleware: imageUploadMiddleware(),
  request: { params: leagueScopeParams, body: imageUploadBody },
  responses: { ...responses(league), ...imageUploadErrors },
});
