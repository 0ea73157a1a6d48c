import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../app-env.ts';
import { authRouter } from './auth/auth.index.ts';
import { totpRouter } from './totp/totp.index.ts';
import { healthRouter } from './health/health.index.ts';
import { publishActionsRouter } from './publish-actions/publish-actions.index.ts';
import { commonRouter } from './common/common.index.ts';
import { leagueMainRouter } from './common/league-main.index.ts';
import { seasonsRouter } from './seasons/seasons.index.ts';
import { leaguesRouter } from './leagues/leagues.index.ts';
import { leagueTeamsRouter } from './league-teams/league-teams.index.ts';
import { noticesRouter } from './notices/notices.index.ts';
import { auditRouter } from './audit/audit.index.ts';
import { accessLogRouter } from './access-log/access-log.index.ts';
import { publishRouter } from './publish/publish.index.ts';
import { dashboardRouter } from './dashboard/dashboard.index.ts';
import { opsRouter } from './ops/ops.index.ts';
import { accessRouter } from './access/access.index.ts';
import { managersRouter } from './access/managers.index.ts';
import { boardRolesRouter } from './access/board-roles.index.ts';
import { divisionsRouter } from './divisions/divisions.index.ts';
import { teamsRouter } from './teams/teams.index.ts';
import { playersRouter } from './players/players.index.ts';
import { coachesRouter } from './coaches/coaches.index.ts';
import { usersRouter } from './users/users.index.ts';
import { personRightsRouter } from './person-rights/person-rights.index.ts';
import { schedulesRouter } from './schedules/schedules.index.ts';
import { gamesRouter } from './games/games.index.ts';
import { recordsRouter } from './records/records.index.ts';
import { liveRouter } from './live/live.index.ts';
import { playsRouter } from './plays/plays.index.ts';
import { resultsRouter } from './results/results.index.ts';
import { statsRouter } from './stats/stats.index.ts';

/** Every API sub-app with the prefix it is mounted at, below /api. */
export function apiRouters(): Array<[prefix: string, router: OpenAPIHono<AppEnv>]> {
  return [
    ['/', healthRouter()],
    ['/auth', authRouter()],
    ['/auth/totp', totpRouter()],
    ['/', publishActionsRouter()],
    ['/common', commonRouter()],
    ['/league', leagueMainRouter()],
    ['/league', accessLogRouter()],
    ['/league', seasonsRouter()],
    ['/league', leaguesRouter()],
    ['/league', leagueTeamsRouter()],
    ['/', noticesRouter()],
    ['/audit', auditRouter()],
    ['/publish', publishRouter()],
    ['/admin', dashboardRouter()],
    ['/admin', opsRouter()],
    ['/', accessRouter()],
    ['/', managersRouter()],
    ['/', boardRolesRouter()],
    ['/', divisionsRouter()],
    ['/', teamsRouter()],
    ['/', playersRouter()],
    ['/', coachesRouter()],
    ['/', usersRouter()],
    ['/', personRightsRouter()],
    ['/league', schedulesRouter()],
    ['/league', gamesRouter()],
    ['/league', recordsRouter()],
    ['/league', liveRouter()],
    ['/league', playsRouter()],
    ['/league', resultsRouter()],
    ['/stats', statsRouter()],
  ];
}
