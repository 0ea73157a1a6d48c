import type { Context } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import type { AuthUser } from '../../auth/auth-user.ts';
import { createRouter } from '../../http/router.ts';
import { personalScopeOf } from '../../auth/personal-fields.ts';
import { ok } from '../../http/envelope.ts';
import { ApiError } from '../../http/api-error.ts';
import {
  grades,
  mainIdOfLeague,
  managerGrade,
  requireManagesPlayers,
  requireGrade,
  requireSignedIn,
  requireTeamAccess,
} from '../../auth/permissions.ts';
import { getLeague, getLeagueInScope } from '../../services/leagues.ts';
import * as service from '../../services/league-teams.ts';
import * as routes from './league-teams.routes.ts';

/** League staff (admin, grade 1/2) of the association, or the team's own manager. */
async function requireRosterAccess(
  c: Context<AppEnv>,
  mainId: number,
  teamId: number,
): Promise<AuthUser> {
  try {
    return await requireGrade(c, mainId, grades.league);
  } catch (err) {
    if (err instanceof ApiError && err.status === 403) return requireTeamAccess(c, teamId);
    throw err;
  }
}

/** Site admins and the association's league staff (grade 1/2), who run every team's roster. */
async function isLeagueStaff(c: Context<AppEnv>, mainId: number): Promise<boolean> {
  const user = c.var.user;
  if (!user) return false;
  if (user.isAdmin) return true;
  const grade = await managerGrade(c.var.deps.db, user.id, mainId);
  return grade !== null && grades.league.includes(grade);
}

/** /api/league: the teams of a league, their league rosters and staff. */
export function leagueTeamsRouter() {
  const router = createRouter(routes);

  router.openapi(routes.addTeams, async (c) => {
    const { mainId, seasonId, leagueId } = c.req.valid('param');
    const user = await requireGrade(c, mainId, grades.league);
    const result = await service.addLeagueTeams(
      c.var.deps.db,
      user,
      mainId,
      seasonId,
      leagueId,
      c.req.valid('json').teams,
    );
    return ok(c, result);
  });

  router.openapi(routes.removeTeam, async (c) => {
    const { mainId, seasonId, leagueId, teamId } = c.req.valid('param');
    const user = await requireGrade(c, mainId, grades.league);
    const teams = await service.removeLeagueTeam(
      c.var.deps.db,
      user,
      mainId,
      seasonId,
      leagueId,
      teamId,
    );
    return ok(c, teams);
  });

  router.openapi(routes.replacePlayers, async (c) => {
    const { mainId, seasonId, leagueId, teamId } = c.req.valid('param');
    const user = await requireRosterAccess(c, mainId, teamId);
    const db = c.var.deps.db;
    const league = await getLeagueInScope(db, mainId, seasonId, leagueId);
    const input = c.req.valid('json');
    if (!(await isLeagueStaff(c, mainId))) {
      // a team manager brings in only players of teams they also manage (or of no team)
      const onRoster = await db
        .selectFrom('league_players')
        .select('player_id')
        .where('league_id', '=', leagueId)
        .where('team_id', '=', teamId)
        .execute();
      const kept = new Set(onRoster.map((r) => r.player_id));
      await requireManagesPlayers(
        c,
        input.players.map((p) => p.playerId).filter((id) => !kept.has(id)),
      );
    }
    const players = await service.replaceRoster(db, user, league, teamId, input);
    return ok(c, players);
  });

  router.openapi(routes.replaceCoaches, async (c) => {
    const { mainId, seasonId, leagueId, teamId } = c.req.valid('param');
    const user = await requireRosterAccess(c, mainId, teamId);
    const db = c.var.deps.db;
    const league = await getLeagueInScope(db, mainId, seasonId, leagueId);
    const coaches = await service.replaceCoaches(db, user, league, teamId, c.req.valid('json'));
    return ok(c, coaches);
  });

  router.openapi(routes.notIn, async (c) => {
    const { mainId, seasonId, leagueId } = c.req.valid('param');
    return ok(c, await service.listTeamsNotInLeague(c.var.deps.db, mainId, seasonId, leagueId));
  });

  router.openapi(routes.leagueTeams, async (c) =>
    ok(c, await service.listLeagueTeams(c.var.deps.db, c.req.valid('param').id)),
  );

  router.openapi(routes.leagueTeamDetailRoute, async (c) => {
    const { id, teamId } = c.req.valid('param');
    return ok(c, await service.getLeagueTeam(c.var.deps.db, id, teamId));
  });

  router.openapi(routes.seasonTeams, async (c) =>
    ok(c, await service.listSeasonTeams(c.var.deps.db, c.req.valid('param').id)),
  );

  router.openapi(routes.leagueCoaches, async (c) => {
    const { id, teamId } = c.req.valid('param');
    return ok(c, await service.listLeagueCoaches(c.var.deps.db, id, teamId));
  });

  router.openapi(routes.leaguePlayers, async (c) => {
    const { id, teamId } = c.req.valid('param');
    return ok(
      c,
      await service.listLeaguePlayers(c.var.deps.db, id, teamId, await personalScopeOf(c)),
    );
  });

  router.openapi(routes.adminLeagueTeams, async (c) => {
    requireSignedIn(c);
    return ok(c, await service.listLeagueTeamsAdmin(c.var.deps.db, c.req.valid('param').id));
  });

  router.openapi(routes.adminRosterEntry, async (c) => {
    requireSignedIn(c);
    const { leagueId, teamId, playerId } = c.req.valid('param');
    return ok(
      c,
      await service.getRosterEntry(
        c.var.deps.db,
        leagueId,
        teamId,
        playerId,
        await personalScopeOf(c),
      ),
    );
  });

  router.openapi(routes.adminRemoveRosterEntry, async (c) => {
    const { leagueId, teamId, playerId } = c.req.valid('param');
    requireSignedIn(c);
    const db = c.var.deps.db;
    const mainId = await mainIdOfLeague(db, leagueId);
    const user = await requireRosterAccess(c, mainId, teamId);
    await getLeague(db, leagueId);
    const players = await service.removeRosterEntry(db, user, leagueId, teamId, playerId);
    return ok(c, players);
  });

  return router;
}
