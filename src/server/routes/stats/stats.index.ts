import { createRouter } from '../../http/router.ts';
import { ok } from '../../http/envelope.ts';
import { leagueStandings } from '../../services/standings.ts';
import { leagueLeaders, playerStats, teamPlayers } from '../../services/player-stats.ts';
import * as routes from './stats.routes.ts';

/** /api/stats: standings, leaders, player and team statistics for the public pages. */
export function statsRouter() {
  const router = createRouter(routes);

  router.openapi(routes.standings, async (c) => {
    const { leagueId } = c.req.valid('param');
    return ok(c, await leagueStandings(c.var.deps.db, leagueId));
  });

  router.openapi(routes.leaders, async (c) => {
    const { leagueId } = c.req.valid('param');
    const { limit } = c.req.valid('query');
    return ok(c, await leagueLeaders(c.var.deps.db, leagueId, limit));
  });

  router.openapi(routes.player, async (c) => {
    const { playerId } = c.req.valid('param');
    return ok(c, await playerStats(c.var.deps.db, playerId));
  });

  router.openapi(routes.teamPlayers, async (c) => {
    const { teamId } = c.req.valid('param');
    const { seasonId } = c.req.valid('query');
    return ok(c, await teamPlayers(c.var.deps.db, teamId, seasonId));
  });

  return router;
}
