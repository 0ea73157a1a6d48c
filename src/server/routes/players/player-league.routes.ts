import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { responses } from '../../http/envelope.ts';
import { idParam } from '../common/params.ts';

const tags = ['선수'];

const leagueTeam = z.object({
  team: z.object({
    teamId: z.number().int(),
    name: z.string(),
    shortName: z.string(),
    logo: z.string().nullable(),
  }),
  league: z.object({
    leagueId: z.number().int(),
    name: z.string(),
    seasonId: z.number().int(),
    seasonName: z.string(),
    year: z.number().int(),
    leagueMain: z.object({ mainId: z.number().int(), path: z.string(), name: z.string() }),
  }),
});

const leaguePlayer = z.object({
  leagueId: z.number().int(),
  teamId: z.number().int(),
  playerId: z.number().int(),
  backNumber: z.number().int().nullable(),
  status: z
    .enum(['active', 'suspended', 'released'])
    .meta({ description: 'active 등록, suspended 출장 정지, released 방출' }),
  registeredOn: z.string(),
});

export const leagueTeams = createRoute({
  operationId: 'playerLeagueTeams',
  method: 'get',
  path: '/player/{playerId}/leagueTeam',
  tags,
  summary: '선수의 리그별 소속 팀',
  description:
    '선수가 리그 명단에 오른 팀-리그 연결(`teams`: 팀과 리그, 리그에는 협회 `leagueMain`)과 그 명단 줄(`leaguePlayers`: 등번호, 상태, 등록일)을 ' +
    '같은 순서로(최근 시즌 먼저) 돌려줍니다. 누구나 볼 수 있습니다.',
  request: { params: z.object({ playerId: idParam('선수', '선수 번호') }) },
  responses: responses(
    z.object({ teams: z.array(leagueTeam), leaguePlayers: z.array(leaguePlayer) }),
  ),
});
