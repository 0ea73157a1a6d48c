import { createRoute } from '@hono/zod-openapi';
import * as z from 'zod';
import { responses } from '../../http/envelope.ts';
import { label } from '../../../lib/validation/index.ts';
import { idParam } from '../common/params.ts';
import { playerStatsPage, teamPlayersPage } from '../../../lib/schemas/box-score.ts';
import { leagueLeaders, standingsTable } from '../../../lib/schemas/result.ts';

const tags = ['기록 통계'];

export const standings = createRoute({
  method: 'get',
  path: '/league/{leagueId}/standings',
  tags,
  summary: '순위표',
  description:
    '리그 규정으로 계산한 순위표: 경기·승·패·무, 승률("0.667")·승점, 승차, 득점·실점, 연속 기록, 최근 10경기. 동률 팀은 리그의 동률 규칙(기본 WBSC: 승자승 → TQB → ER-TQB → 타율 → 추첨)으로 가르고 tieNote에 그 규칙을 적습니다.',
  request: { params: z.object({ leagueId: idParam('리그') }) },
  responses: responses(standingsTable),
});

export const leaders = createRoute({
  method: 'get',
  path: '/league/{leagueId}/leaders',
  tags,
  summary: '부문별 순위 (리더보드)',
  description:
    '타율·출루율·장타율·OPS·평균자책점·WHIP은 규정 타석(팀 경기 수 × 리그 기준)·규정 이닝을 채운 선수만 싣습니다. 안타·홈런 등 누적 부문은 1 이상인 선수를 싣습니다. 종료된 경기만 셉니다.',
  request: {
    params: z.object({ leagueId: idParam('리그') }),
    query: z.object({
      limit: label(z.coerce.number().int().min(1).max(50), '개수')
        .default(10)
        .meta({ description: '부문별 순위 수 (기본 10, 최대 50)' }),
    }),
  },
  responses: responses(leagueLeaders),
});

export const player = createRoute({
  method: 'get',
  path: '/player/{playerId}',
  tags,
  summary: '선수 기록',
  description:
    '시즌·리그·팀별 타격·투구 기록과 통산 기록(경기별 누적 기록을 다시 더해 계산), 경기별 기록(최근 경기부터)을 돌려줍니다. 비율은 숫자와 문자열("0.333", "6⅔", "2.33"; 정확한 분수에서 반올림)로 함께 줍니다.',
  request: { params: z.object({ playerId: idParam('선수') }) },
  responses: responses(playerStatsPage),
});

export const teamPlayers = createRoute({
  method: 'get',
  path: '/team/{teamId}/players',
  tags,
  summary: '팀 선수 목록과 시즌 기록',
  description:
    '팀의 리그 명단(시즌의 참가 리그별)과 선수마다 그 리그에서 이 팀으로 낸 시즌 기록을 돌려줍니다. seasonId를 비우면 활성 시즌입니다.',
  request: {
    params: z.object({ teamId: idParam('팀') }),
    query: z.object({ seasonId: idParam('시즌').optional() }),
  },
  responses: responses(teamPlayersPage),
});
