import { createRoute } from '@hono/zod-openapi';
import { signedInSecurity } from '../../http/openapi-doc.ts';
import { z } from 'zod';
import { responses } from '../../http/envelope.ts';
import {
  addTeamsInput,
  associationTeam,
  leagueCoach,
  leagueCoachesInput,
  leaguePlayer,
  leaguePlayerAdmin,
  leagueTeam,
  leagueTeamAdmin,
  leagueTeamDetail,
  rosterInput,
  seasonTeam,
} from '../../../lib/schemas/league-team.ts';
import {
  idParam,
  leagueIdParam,
  leagueScopeParams,
  leagueScopePath,
  leagueTeamScopeParams,
  seasonIdParam,
  teamIdParam,
} from '../common/params.ts';

const tags = ['리그 참가 팀·명단'];
const writers = ' 사이트 관리자와 협회 관리자(1)·리그 운영자(2)만 호출할 수 있습니다.';
const rosterWriters =
  ' 사이트 관리자, 협회 관리자(1)·리그 운영자(2), 그리고 그 팀의 팀 관리자가 호출할 수 있습니다.';
const scope = ' 리그는 그 시즌에, 시즌은 그 협회에 속해야 합니다(아니면 404).';
const signedIn = ' 로그인한 사용자만 호출할 수 있습니다.';

const leagueTeamParams = z.object({ id: leagueIdParam, teamId: teamIdParam });

export const addTeams = createRoute({
  method: 'post',
  path: `${leagueScopePath}/teams`,
  tags,
  summary: '리그에 팀 추가',
  description:
    '본문 { teams: [팀 번호…] }. 같은 협회의 팀이어야 하고, 이미 참가한 팀은 그대로 둡니다. 추가된 팀 번호와 참가 팀 전체를 돌려줍니다.' +
    scope +
    writers,
  request: {
    params: leagueScopeParams,
    body: { content: { 'application/json': { schema: addTeamsInput } }, required: true },
  },
  responses: responses(z.object({ added: z.array(z.number().int()), teams: z.array(leagueTeam) })),
});

export const removeTeam = createRoute({
  operationId: 'removeLeagueTeam',
  method: 'delete',
  path: `${leagueScopePath}/team/{teamId}`,
  tags,
  summary: '리그에서 팀 빼기',
  description:
    '이 리그에 그 팀의 경기가 있으면 뺄 수 없습니다(409). 그 팀의 리그 명단, 지도자, 최종 순위도 함께 지워집니다. 남은 참가 팀 목록을 돌려줍니다.' +
    scope +
    writers,
  request: { params: leagueTeamScopeParams },
  responses: responses(z.array(leagueTeam)),
});

export const replacePlayers = createRoute({
  method: 'patch',
  path: `${leagueScopePath}/team/{teamId}/players`,
  tags,
  summary: '팀의 리그 명단 저장',
  description:
    '본문 { players: [{ playerId, backNumber, status, registeredOn }] }로 그 팀의 리그 명단 전체를 바꿉니다. ' +
    '등번호는 팀 안에서 겹칠 수 없고, 같은 리그의 다른 팀 명단에 있는 선수는 넣을 수 없습니다(400). ' +
    '이 리그에 경기 기록이 있는 선수는 명단에서 뺄 수 없으니(409) 상태를 released(방출)로 바꿉니다.' +
    scope +
    rosterWriters,
  request: {
    params: leagueTeamScopeParams,
    body: { content: { 'application/json': { schema: rosterInput } }, required: true },
  },
  responses: responses(z.array(leaguePlayer)),
});

export const replaceCoaches = createRoute({
  method: 'put',
  path: `${leagueScopePath}/team/{teamId}/coaches`,
  tags,
  summary: '팀의 리그 지도자 저장',
  description:
    '본문 { coaches: [{ coachId, role }] }로 그 팀의 리그 지도자 전체를 바꿉니다. 직책은 감독(한 명)·코치·단장입니다.' +
    scope +
    rosterWriters,
  request: {
    params: leagueTeamScopeParams,
    body: { content: { 'application/json': { schema: leagueCoachesInput } }, required: true },
  },
  responses: responses(z.array(leagueCoach)),
});

export const notIn = createRoute({
  method: 'get',
  path: `${leagueScopePath}/notIn`,
  tags,
  summary: '리그에 없는 협회 팀',
  description: `협회의 팀 가운데 이 리그에 아직 참가하지 않은 팀 (팀 추가 화면용).${scope}`,
  request: { params: leagueScopeParams },
  responses: responses(z.array(associationTeam)),
});

export const leagueTeams = createRoute({
  method: 'get',
  path: '/league/{id}/teams',
  tags,
  summary: '리그 참가 팀 목록',
  request: { params: z.object({ id: leagueIdParam }) },
  responses: responses(z.array(leagueTeam)),
});

export const leagueTeamDetailRoute = createRoute({
  method: 'get',
  path: '/league/{id}/team/{teamId}',
  tags,
  summary: '리그 참가 팀 정보',
  description: '팀, 리그(협회 포함), 명단·지도자 수를 돌려줍니다.',
  request: { params: leagueTeamParams },
  responses: responses(leagueTeamDetail),
});

export const seasonTeams = createRoute({
  method: 'get',
  path: '/season/{id}/teams',
  tags,
  summary: '시즌 참가 팀 목록',
  description: '시즌의 어느 리그에든 참가한 팀과 그 팀이 참가한 리그들.',
  request: { params: z.object({ id: seasonIdParam }) },
  responses: responses(z.array(seasonTeam)),
});

export const leagueCoaches = createRoute({
  method: 'get',
  path: '/league/{id}/team/{teamId}/coaches',
  tags,
  summary: '팀의 리그 지도자',
  request: { params: leagueTeamParams },
  responses: responses(z.array(leagueCoach)),
});

export const leaguePlayers = createRoute({
  method: 'get',
  path: '/league/{id}/team/{teamId}/players',
  tags,
  summary: '팀의 리그 명단',
  description: '방출된 선수도 상태와 함께 포함합니다. 등번호 순, 등번호 없는 선수는 뒤에 이름 순.',
  request: { params: leagueTeamParams },
  responses: responses(z.array(leaguePlayer)),
});

export const adminLeagueTeams = createRoute({
  method: 'get',
  path: '/admin/league/{id}/team',
  security: signedInSecurity,
  tags,
  summary: '리그 참가 팀 (관리)',
  description: `참가 팀마다 상태별 명단 수, 지도자 수, 경기 수를 함께 돌려줍니다.${signedIn}`,
  request: { params: z.object({ id: leagueIdParam }) },
  responses: responses(z.array(leagueTeamAdmin)),
});

const rosterEntryParams = z.object({
  leagueId: leagueIdParam,
  teamId: teamIdParam,
  playerId: idParam('선수', '선수 번호 (명세의 {x})'),
});

export const adminRosterEntry = createRoute({
  method: 'get',
  path: '/admin/league/{leagueId}/team/{teamId}/{playerId}',
  security: signedInSecurity,
  tags,
  summary: '리그 명단의 선수 한 명 (관리)',
  description:
    '명세의 {x}는 선수 번호(playerId)입니다. 생년월일, 성별, 이 리그의 경기 기록 수를 함께 돌려줍니다.' +
    signedIn,
  request: { params: rosterEntryParams },
  responses: responses(leaguePlayerAdmin),
});

export const adminRemoveRosterEntry = createRoute({
  method: 'delete',
  path: '/admin/league/{leagueId}/team/{teamId}/{playerId}',
  tags,
  summary: '리그 명단에서 선수 빼기',
  description:
    '명세의 {x}는 선수 번호(playerId)입니다. 이 리그에 경기 기록이 있는 선수는 뺄 수 없습니다(409, 방출로 바꾸세요). 남은 명단을 돌려줍니다.' +
    rosterWriters,
  request: { params: rosterEntryParams },
  responses: responses(z.array(leaguePlayer)),
});
