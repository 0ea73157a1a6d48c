import { createRoute } from '@hono/zod-openapi';
import { signedInSecurity } from '../../http/openapi-doc.ts';
import * as z from 'zod';
import { responses } from '../../http/envelope.ts';
import { idParam } from '../common/params.ts';
import { gamePage, ineligiblePlayer } from '../../../lib/schemas/game.ts';
import { leagueListQuery, pageQuery } from '../schedules/schedules.routes.ts';

const tags = ['경기'];

const resultsNote =
  '경기 결과 목록은 결과가 있는 경기(종료·몰수·서스펜디드)만 최근 경기부터 돌려줍니다.';

export const leagueGames = createRoute({
  method: 'get',
  path: '/league/{id}/game',
  tags,
  summary: '리그 경기 결과 목록',
  description: `${resultsNote} all=true이면 이 리그가 속한 시즌의 모든 리그 경기를 돌려줍니다.`,
  request: { params: z.object({ id: idParam('리그') }), query: leagueListQuery },
  responses: responses(gamePage),
});

export const leagueTeamGames = createRoute({
  method: 'get',
  path: '/league/{id}/game/{x}',
  tags,
  summary: '리그 경기 결과 목록 (한 팀)',
  description: `{x}는 팀 번호입니다. ${resultsNote} all=true이면 시즌의 모든 리그에서 그 팀의 경기를 돌려줍니다.`,
  request: { params: z.object({ id: idParam('리그'), x: idParam('팀') }), query: leagueListQuery },
  responses: responses(gamePage),
});

export const seasonGames = createRoute({
  method: 'get',
  path: '/season/{id}/game',
  tags,
  summary: '시즌 경기 결과 목록',
  description: `${resultsNote} offset/limit로 나눠 받습니다(기본 50, 최대 500).`,
  request: { params: z.object({ id: idParam('시즌') }), query: pageQuery },
  responses: responses(gamePage),
});

export const seasonTeamGames = createRoute({
  method: 'get',
  path: '/season/{id}/game/{x}',
  tags,
  summary: '시즌 경기 결과 목록 (한 팀)',
  description: `{x}는 팀 번호입니다. ${resultsNote}`,
  request: { params: z.object({ id: idParam('시즌'), x: idParam('팀') }), query: pageQuery },
  responses: responses(gamePage),
});

export const ineligible = createRoute({
  method: 'get',
  path: '/game/{gameId}/ineligible/{teamId}',
  security: signedInSecurity,
  tags,
  summary: '출장할 수 없는 선수',
  description:
    '경기에 나오는 팀의 선수 중 이 경기에 넣을 수 없는 선수와 사유(출장 정지, 방출, 경기일 이후 등록, 다른 팀 소속, 리그 명단에 없음)를 돌려줍니다. ' +
    '후보는 팀의 리그 명단과 현재 팀 소속 선수입니다. 협회 관리자·리그 운영자·기록원이 볼 수 있습니다.',
  request: { params: z.object({ gameId: idParam('경기'), teamId: idParam('팀') }) },
  responses: responses(
    z.object({
      gameId: z.number().int(),
      teamId: z.number().int(),
      players: z.array(ineligiblePlayer),
    }),
  ),
});
