import { createRouter } from '../../http/router.ts';
import { ok } from '../../http/envelope.ts';
import {
  boardRoleOf,
  leagueManagerAccess,
  managedLeagues,
  teamAccess,
} from '../../services/access.ts';
import { requireSelfOrAdmin } from './guards.ts';
import * as routes from './access.routes.ts';

/** SPEC §7 "User and team": the league-manager, team-manager and board-role checks of the admin screens. */
export function accessRouter() {
  const router = createRouter(routes);

  router.openapi(routes.leagueManagerCheck, async (c) => {
    const { leagueMainId, userId } = c.req.valid('param');
    requireSelfOrAdmin(c, userId);
    return ok(c, await leagueManagerAccess(c.var.deps.db, leagueMainId, userId));
  });

  router.openapi(routes.teamManagerCheck, async (c) => {
    const { teamId, userId } = c.req.valid('param');
    requireSelfOrAdmin(c, userId);
    return ok(c, await teamAccess(c.var.deps.db, teamId, userId));
  });

  router.openapi(routes.managedLeagues, async (c) => {
    const { userId } = c.req.valid('param');
    requireSelfOrAdmin(c, userId);
    return ok(c, await managedLeagues(c.var.deps.db, userId));
  });

  router.openapi(routes.boardRoleCheck, async (c) => {
    const { mainId, board, userId } = c.req.valid('param');
    requireSelfOrAdmin(c, userId);
    return ok(c, await boardRoleOf(c.var.deps.db, mainId, board, userId));
  });

  return router;
}
