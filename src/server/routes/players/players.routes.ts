import { createRoute } from '@hono/zod-openapi';
import { signedInSecurity } from '../../http/openapi-doc.ts';
import { z } from 'zod';
import { responses } from '../../http/envelope.ts';
import { idParam } from '../common/params.ts';
import { pageOf, searchQueryShape, sortParam } from '../../services/search-match.ts';
import { player, playerInput, playerUpdate, teamPlayerInput } from '../../../lib/schemas/player.ts';
import { playerImportResult } from '../../../lib/schemas/player-import.ts';
import { label } from '../../../lib/validation/index.ts';

const tags = ['선수'];

const params = z.object({ id: idParam('선수', '선수 번호') });
const who = '사이트 관리자 또는 그 협회의 협회 관리자(1)';
const privacy =
  '생년월일과 회원 연결(`birthDate`, `userId`)은 사이트 관리자와 그 협회의 협회 관리자(1)·리그 운영자(2), 지금 그 선수의 팀을 맡은 팀 관리자에게만 나옵니다.';
const birthDateSort =
  '`sort=birthDate`는 고른 선수 모두의 생년월일을 볼 수 있는 사람만 쓸 수 있고, 아니면 400입니다.';

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
  description: `선수와 지금 소속 팀. \`teamId\`로 그 팀에 지금 소속된 선수만, \`q\`는 이름의 일부나 초성(ㅎㄱㄷ → 홍길동)으로 찾습니다. 누구나 볼 수 있고, ${privacy} ${birthDateSort}`,
  request: { query: listQuery },
  responses: responses(pageOf(player)),
});

export const noTeam = createRoute({
  method: 'get',
  path: '/players/no-team',
  security: signedInSecurity,
  tags,
  summary: '소속 팀 없는 선수',
  description: `오늘(한국 시간) 기준으로 끝나지 않은 소속 경력이 하나도 없는 선수(관리 화면 noTeamPlayers). 로그인이 필요합니다. ${birthDateSort}`,
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

export const importForm = z.object({
  // Optional here so that a missing file gets the service's '파일을 선택해 주세요.'.
  file: z.any().optional().meta({
    type: 'string',
    format: 'binary',
    description: '엑셀(xlsx) 또는 CSV(UTF-8 또는 CP949), 5MB 이하 (필수)',
  }),
  choices: z.string().optional().meta({
    description:
      '같은 이름의 선수가 있는 행마다 고른 사람(JSON): {"행 번호": 기존 선수 번호 또는 "new"}. 생략한 행은 미리보기의 person을 씁니다.',
  }),
});

export const importQuery = z.object({
  mainId: idParam('협회', '선수를 등록할 협회 (사이트 관리자가 아니면 생략)').optional(),
  dryRun: label(z.enum(['true', 'false']), '미리보기')
    .default('true')
    .meta({
      description:
        'true(기본): 파일을 읽어 행별 문제와 같은 이름의 선수만 보여 주고 아무것도 저장하지 않습니다. false: 모든 행에 문제가 없을 때만 선수와 팀 소속을 한 번에 등록합니다.',
    }),
});

export const importFile = createRoute({
  method: 'post',
  path: '/players/import_file',
  security: signedInSecurity,
  tags,
  summary: '선수 파일 가져오기',
  description:
    'multipart/form-data의 file 필드로 xlsx(첫 시트) 또는 CSV를 올립니다. 첫 행은 제목 행(열 순서 자유): 이름(필수), 생년월일(2001-05-10, 2001.5.10 또는 연도만 2001), 팀(팀 이름이나 약칭), 등번호, 포지션. ' +
    '협회에 같은 이름의 선수가 있으면 행의 sameName에 그 선수들(지금 소속 팀, 생년월일)이 나오고, choices로 같은 사람(기존 선수 번호)인지 다른 사람(new)인지 고릅니다. ' +
    '팀이 적힌 행은 오늘부터 그 팀 소속(등번호 포함)으로 등록합니다. dryRun=false는 모든 행이 올바를 때만 저장합니다(하나라도 문제가 있으면 400, 아무것도 저장하지 않음). ' +
    `할 수 있는 사람: ${who}.`,
  request: {
    query: importQuery,
    body: { content: { 'multipart/form-data': { schema: importForm } }, required: true },
  },
  responses: responses(playerImportResult),
});
