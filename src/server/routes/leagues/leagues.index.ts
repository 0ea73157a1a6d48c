import { createRouter } from '../../http/router.ts';
import { ok } from '../../http/envelope.ts';
import { grades, requireGrade } from '../../auth/permissions.ts';
import * as service from '../../services/leagues.ts';
import * as routes from './leagues.routes.ts';

/** /api/league: leagues of a season with their rules profile and logo. */
export function leaguesRouter() {
  const router = createRouter(routes);

  router.openapi(routes.listLeagues, async (c) =>
    ok(c, await service.listLeaguesOfSeason(c.var.deps.db, c.req.valid('param').seasonId)),
  );

  router.openapi(routes.getLeague, async (c) =>
    ok(c, await service.getLeague(c.var.deps.db, c.req.valid('param').id)),
  );

  router.openapi(routes.createLeague, async (c) => {
    const { mainId, seasonId } = c.req.valid('param');
    const user = await requireGrade(c, mainId, grades.league);
    const created = await service.createLeague(
      c.var.deps.db,
      user,
      mainId,
      seasonId,
      c.req.valid('json'),
    );
    return ok(c, created, 201);
  });

  router.openapi(routes.updateLeague, async (c) => {
    const { mainId, seasonId, leagueId } = c.req.valid('param');
    const user = await requireGrade(c, mainId, grades.league);
    const updated = await service.updateLeague(
      c.var.deps.db,
      user,
      mainId,
      seasonId,
      leagueId,
      c.req.valid('json'),
    );
    return ok(c, updated);
  });

  router.openapi(routes.deleteLeague, async (c) => {
    const { mainId, seasonId, leagueId } = c.req.valid('param');
    const user = await requireGrade(c, mainId, grades.league);
    const deleted = await service.deleteLeague(c.var.deps.db, user, mainId, seasonId, leagueId);
    return ok(c, deleted);
  });

  router.openapi(routes.uploadLogo, async (c) => {
    const { mainId, seasonId, leagueId } = c.req.valid('param');
    const user = await requireGrade(c, mainId, grades.league);
    const { db, config } = c.var.deps;
    const updated = await service.setLeagueLogo(
      db,
      config.sharedDir,
      user,
      mainId,
      seasonId,
      leagueId,
      c.req.valid('form').file,
    );
    return ok(c, updated);
  });

  return router;
}
