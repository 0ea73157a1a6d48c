import { createRouter } from '../../http/router.ts';
import { ok } from '../../http/envelope.ts';
import { grades, mainIdOfLeague, requireGrade } from '../../auth/permissions.ts';
import { leagueResult, saveLeagueResult } from '../../services/results.ts';
import * as routes from './results.routes.ts';

/** /api/league: league results (standings, final ranks, awards). */
export function resultsRouter() {
  const router = createRouter(routes);

  router.openapi(routes.getResult, async (c) => {
    const { id } = c.req.valid('param');
    return ok(c, await leagueResult(c.var.deps.db, id));
  });

  router.openapi(routes.postResult, async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const db = c.var.deps.db;
    const user = await requireGrade(c, await mainIdOfLeague(db, id), grades.league);
    const result = await saveLeagueResult(db, id, body, user.id);
    return ok(c, result);
  });

  return router;
}
