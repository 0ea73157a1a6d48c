import { createRouter } from '../../http/router.ts';
import { personalScopeOf } from '../../auth/personal-fields.ts';
import { noteAccountReads } from '../../auth/access-record.ts';
import { requireSignedIn } from '../../auth/permissions.ts';
import { ok } from '../../http/envelope.ts';
import { getMainById, getMainByPath, listWriters } from '../../services/league-main.ts';
import * as routes from './league-main.routes.ts';

/** /api/league: the association (league main) by id or path, and who may write its notices. */
export function leagueMainRouter() {
  const router = createRouter(routes);

  router.openapi(routes.base, async (c) =>
    ok(c, await getMainById(c.var.deps.db, c.req.valid('param').id)),
  );

  router.openapi(routes.main, async (c) =>
    ok(c, await getMainById(c.var.deps.db, c.req.valid('param').id)),
  );

  router.openapi(routes.mainPath, async (c) =>
    ok(c, await getMainByPath(c.var.deps.db, c.req.valid('param').path)),
  );

  router.openapi(routes.writers, async (c) => {
    const { id } = c.req.valid('param');
    // who may write notices is staff information: not for anonymous callers
    requireSignedIn(c);
    const withEmail = (await personalScopeOf(c))(id);
    const writers = await listWriters(c.var.deps.db, id, withEmail);
    if (withEmail)
      noteAccountReads(
        c,
        writers.map((w) => w.userId),
      );
    return ok(c, writers);
  });

  return router;
}
