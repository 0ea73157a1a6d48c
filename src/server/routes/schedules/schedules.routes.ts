import { createRoute } from '@hono/zod-openapi';
import { signedInSecurity } from '../../http/openapi-doc.ts';
import * as z from 'zod';
import { errorSchema, responses } from '../../http/envelope.ts';
import { label } from '../../../lib/validation/index.ts';
import { idParam } from '../common/params.ts';
import {
  adminGame,
  gameCreateInput,
  gamePage,
  gameSummary,
  gameUpdateInput,
  recordFormGame,
  scheduleFileResult,
  teamSchedule,
} from '../../../lib/schemas/game.ts';

const tags = ['일정'];

/** Paging of game lists: offset from 0, limit 1–500 (default 50). */
export const pageQuery = z.object({
  offset: label(z.coerce.number().int().min(0).max(1_000_000), '시작 위치')
    .default(0)
    .meta({ description: '건너뛸 경기 수 (기본 0)' }),
  limit: label(z.coerce.number().int().min(1).max(500), '개수')
    .default(50)
    .meta({ description: '가져올 경기 수 (기본 50, 최대 500)' }),
});

/** `all=true`: every league of the league's season instead of the one league. */
export const leagueListQuery = pageQuery.extend({
  limit: label(z.coerce.number().int().min(1).max(500), '개수')
    .default(500)
    .meta({ description: '가져올 경기 수 (기본·최대 500)' }),
  all: label(z.enum(['true', 'false']), '전체 리그')
    .optional()
    .meta({ description: 'true이면 이 리그가 속한 시즌의 모든 리그 경기를 돌려줍니다.' }),
});

const seasonParams = z.object({ id: idParam('시즌') });
const seasonTeamParams = z.object({
  id: idParam('시즌'),
  x: idParam('팀').meta({ description: '{x} = 팀 번호 (그 팀의 경기만)' }),
});
const leagueParams = z.object({ id: idParam('리그') });
const leagueTeamParams = z.object({
  id: idParam('리그'),
  x: idParam('팀').meta({ description: '{x} = 팀 번호' }),
});
const writeLeagueParams = z.object({ leagueId: idParam('리그') });
// one name per path segment: the GET, PATCH and DELETE of a game are one resource
const gameParams = z.object({ leagueId: idParam('리그'), gameId: idParam('경기') });

export const seasonSchedule = createRoute({
  method: 'get',
  path: '/season/{id}/schedule',
  tags,
  summary: '시즌 일정',
  description:
    '시즌의 모든 리그 경기를 날짜·시간 순으로 돌려줍니다. offset/limit로 나눠 받습니다(기본 50, 최대 500).',
  request: { params: seasonParams, query: pageQuery },
  responses: responses(gamePage),
});

export const seasonTeamSchedule = createRoute({
  method: 'get',
  path: '/season/{id}/schedule/{x}',
  tags,
  summary: '시즌 일정 (한 팀)',
  description:
    '{x}는 팀 번호입니다. 그 팀이 홈 또는 원정으로 나오는 시즌의 모든 경기를 날짜 순으로 돌려줍니다.',
  request: { params: seasonTeamParams, query: pageQuery },
  responses: responses(gamePage),
});

export const leagueSchedule = createRoute({
  method: 'get',
  path: '/league/{id}/schedule',
  tags,
  summary: '리그 일정',
  description:
    '리그의 모든 경기를 날짜 순으로 돌려줍니다. all=true이면 이 리그가 속한 시즌의 모든 리그 경기를 돌려줍니다.',
  request: { params: leagueParams, query: leagueListQuery },
  responses: responses(gamePage),
});

export const scheduleTemplate = createRoute({
  method: 'get',
  path: '/league/{id}/schedule/template.csv',
  tags,
  summary: '일정 파일 양식 (CSV)',
  description:
    '일정 올리기에 쓰는 CSV 양식입니다. 열: 날짜, 시간, 구장, 홈팀, 원정팀, 라운드, 경기번호(비우면 자동). 예시 행에 리그 참가 팀 이름이 들어갑니다.',
  request: { params: leagueParams },
  responses: {
    200: { description: 'UTF-8(BOM) CSV', content: { 'text/csv': { schema: z.string() } } },
    404: { description: '리그 없음', content: { 'application/json': { schema: errorSchema } } },
  },
});

export const leagueTeamSchedule = createRoute({
  method: 'get',
  path: '/league/{id}/schedule/{x}',
  tags,
  summary: '리그 일정 (한 팀)',
  description:
    '{x}는 팀 번호입니다. 리그에서 그 팀의 경기를 날짜 순으로 돌려줍니다. all=true이면 시즌의 모든 리그에서 그 팀의 경기를 돌려줍니다.',
  request: { params: leagueTeamParams, query: leagueListQuery },
  responses: responses(gamePage),
});

export const teamOrder = createRoute({
  method: 'get',
  path: '/league/{id}/schedule/{x}/order',
  tags,
  summary: '팀 경기 순서',
  description:
    '{x}는 팀 번호입니다. 리그에서 그 팀의 경기를 경기 번호 순으로, 팀의 몇 번째 경기인지(teamGameNo)와 상대, 결과(승/패/무)와 함께 돌려줍니다.',
  request: { params: leagueTeamParams },
  responses: responses(teamSchedule),
});

export const leagueGame = createRoute({
  method: 'get',
  path: '/league/{leagueId}/schedule/game/{gameId}',
  tags,
  summary: '경기 일정 한 건',
  request: { params: gameParams },
  responses: responses(gameSummary),
});

export const createGame = createRoute({
  method: 'post',
  path: '/league/{leagueId}/schedule/game',
  tags,
  summary: '경기 추가',
  description:
    '리그 일정에 경기를 추가합니다. 경기 번호를 비우면 다음 번호가 붙습니다. 홈·원정 팀은 리그 참가 팀이어야 하고 서로 달라야 합니다. 날짜·시간은 한국 시간입니다. 협회 관리자·리그 운영자만 할 수 있습니다.',
  request: {
    params: writeLeagueParams,
    body: { content: { 'application/json': { schema: gameCreateInput } }, required: true },
  },
  responses: responses(gameSummary, '추가됨', 201),
});

export const updateGame = createRoute({
  method: 'patch',
  path: '/league/{leagueId}/schedule/game/{gameId}',
  tags,
  summary: '경기 수정·연기·취소',
  description:
    '보낸 항목만 바꿉니다. status로 예정(scheduled)·연기(postponed)·취소(cancelled)·서스펜디드(suspended)를 정합니다. 기록이 입력된 경기는 팀과 상태를 바꿀 수 없습니다(409). 협회 관리자·리그 운영자만 할 수 있습니다.',
  request: {
    params: gameParams,
    body: { content: { 'application/json': { schema: gameUpdateInput } }, required: true },
  },
  responses: responses(gameSummary),
});

export const deleteGame = createRoute({
  method: 'delete',
  path: '/league/{leagueId}/schedule/game/{gameId}',
  tags,
  summary: '경기 삭제',
  description:
    '기록이 없는 경기만 지울 수 있습니다. 기록이 있으면 409입니다. 협회 관리자·리그 운영자만 할 수 있습니다.',
  request: { params: gameParams },
  responses: responses(z.object({ gameId: z.number().int() })),
});

const adminScheduleData = z.object({
  seasonId: z.number().int(),
  leagueId: z.number().int(),
  teamId: z.number().int().nullable(),
  games: z.array(adminGame),
});

export const adminSchedule = createRoute({
  method: 'get',
  path: '/admin/schedule/{a}/{b}',
  security: signedInSecurity,
  tags,
  summary: '관리자 일정 목록',
  description:
    '{a} = 시즌 번호, {b} = 리그 번호. 리그의 모든 경기를 기록 입력 상태(recordStatus)와 함께 돌려줍니다. 협회 관리자·리그 운영자·기록원이 볼 수 있습니다.',
  request: { params: z.object({ a: idParam('시즌'), b: idParam('리그') }) },
  responses: responses(adminScheduleData),
});

export const adminTeamSchedule = createRoute({
  method: 'get',
  path: '/admin/schedule/{a}/{b}/{c}',
  security: signedInSecurity,
  tags,
  summary: '관리자 일정 목록 (한 팀)',
  description:
    '{a} = 시즌 번호, {b} = 리그 번호, {c} = 팀 번호. 그 팀의 경기만 기록 입력 상태와 함께 돌려줍니다.',
  request: { params: z.object({ a: idParam('시즌'), b: idParam('리그'), c: idParam('팀') }) },
  responses: responses(adminScheduleData),
});

export const gamesNeedingRecords = createRoute({
  method: 'get',
  path: '/admin/schedulegame/{a}',
  security: signedInSecurity,
  tags,
  summary: '기록 입력이 필요한 경기',
  description:
    '{a} = 리그 번호. 경기일이 지났는데(한국 시간 기준 오늘 포함) 기록이 없거나 서스펜디드인 경기를 돌려줍니다. 협회 관리자·리그 운영자·기록원이 볼 수 있습니다.',
  request: { params: z.object({ a: idParam('리그') }) },
  responses: responses(z.object({ leagueId: z.number().int(), games: z.array(adminGame) })),
});

export const recordFormGameRoute = createRoute({
  method: 'get',
  path: '/admin/schedulegame/{a}/{b}',
  security: signedInSecurity,
  tags,
  summary: '기록 입력할 경기',
  description:
    '{a} = 리그 번호, {b} = 경기 번호(gameId). 경기와 함께 양 팀의 출장 가능 선수와 출장할 수 없는 선수(사유 포함)를 돌려줍니다.',
  request: { params: z.object({ a: idParam('리그'), b: idParam('경기') }) },
  responses: responses(recordFormGame),
});

export const uploadForm = z.object({
  // Optional here so that a missing file gets the service's '파일을 선택해 주세요.'.
  file: z.any().optional().meta({
    type: 'string',
    format: 'binary',
    description: '엑셀(xlsx) 또는 CSV(UTF-8 또는 CP949), 5MB 이하 (필수)',
  }),
});

export const uploadQuery = z.object({
  dryRun: label(z.enum(['true', 'false']), '미리보기')
    .default('true')
    .meta({
      description:
        'true(기본): 파일을 읽어 행별 문제만 보여 주고 아무것도 저장하지 않습니다. false: 모든 행에 문제가 없을 때만 파일을 저장하고 경기를 모두 추가합니다.',
    }),
});

export const uploadFile = createRoute({
  method: 'post',
  path: '/league/{id}/schedule/upload_file',
  tags,
  summary: '일정 파일 올리기',
  description:
    'multipart/form-data의 file 필드로 xlsx(첫 시트) 또는 CSV를 올립니다. 첫 행이 제목 행이면 열 이름(날짜, 시간, 구장, 홈팀, 원정팀, 라운드, 경기번호)으로 읽고, 아니면 양식 순서로 읽습니다. ' +
    '팀 이름은 공백·대소문자를 무시하고 팀 이름이나 약칭과 맞춥니다. dryRun=true(기본)는 미리보기만, dryRun=false는 모든 행이 올바를 때만 파일을 리그의 일정 파일로 저장하고 경기를 추가합니다(하나라도 문제가 있으면 400, 아무것도 저장하지 않음).',
  request: {
    params: leagueParams,
    query: uploadQuery,
    body: { content: { 'multipart/form-data': { schema: uploadForm } }, required: true },
  },
  responses: responses(scheduleFileResult),
});

export const deleteFile = createRoute({
  method: 'delete',
  path: '/league/{id}/schedule/delete_file',
  tags,
  summary: '일정 파일 연결 해제',
  description: '리그에 저장된 일정 파일 연결을 지웁니다. 이미 추가된 경기는 그대로 둡니다.',
  request: { params: leagueParams },
  responses: responses(z.object({ leagueId: z.number().int(), removed: z.boolean() })),
});
