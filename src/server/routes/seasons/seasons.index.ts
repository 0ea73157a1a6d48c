import { createRouter } from '../../http/router.ts';
import { ok } from '../../http/envelope.ts';
import { grades, requireGrade } from '../../auth/permissions.ts';
import * as service from '../../services/seasons.ts';
import * as routes from './seasons.routes.ts';

/** /api/league: seasons of an association; exactly one of them is active. */
export function seasonsRouter() {
  const router = createRouter(routes);

  router.openapi(routes.getSeason, async (c) =>
    ok(c, await service.getSeason(c.var.deps.db, c.req.valid('param').id)),
  );

  router.openapi(routes.listSeasons, async (c) =>
    ok(c, await service.listSeasons(c.var.deps.db, c.req.valid('param').mainId)),
  );

  router.openapi(routes.activeSeason, async (c) =>
    ok(c, await service.getActiveSeason(c.var.deps.db, c.req.valid('param').mainId)),
  );

  router.openapi(routes.createSeason, async (c) => {
    const { mainId } = c.req.valid('param');
    const user = await requireGrade(c, mainId, grades.league);
    const created = await service.createSeason(c.var.deps.db, user, mainId, c.req.valid('json'));
    return ok(c, created, 201);
  });

  router.openapi(routes.updateSeason, async (c) => {
    const { mainId, seasonId } = c.req.valid('param');
    const user = await requireGrade(c, mainId, grades.league);
    const updated = await service.updateSeason(
      c.var.deps.db,
      user,
      mainId,
      seasonId,
      c.req.valid('json'),
    );
    return ok(c, updated);
  });

  router.openapi(routes.deleteSeason, async (c) => {
    const { mainId, seasonId } = c.req.valid('param');
    const user = await requireGrade(c, mainId, grades.league);
    const deleted = await service.deleteSeason(c.var.deps.db, user, mainId, seasonId);
    return ok(c, deleted);
  });

  return router;
}
