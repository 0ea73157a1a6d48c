import { personalScopeOf } from '../../auth/personal-fields.ts';
import { noteAccountReads } from '../../auth/access-record.ts';
import { createRouter } from '../../http/router.ts';
import { ok } from '../../http/envelope.ts';
import { grades } from '../../auth/permissions.ts';
import { requireGradeIn } from './guards.ts';
import {
  changeManagerGrade,
  grantManager,
  listManagers,
  revokeManager,
} from '../../services/access.ts';
import * as routes from './managers.routes.ts';

/** /api/league/main/{mainId}/managers: who manages an association, with which grade. */
export function managersRouter() {
  const router = createRouter(['LeagueManagers', routes]);

  router.openapi(routes.list, async (c) => {
    const { mainId } = c.req.valid('param');
    await requireGradeIn(c, mainId, grades.records);
    const withEmail = (await personalScopeOf(c))(mainId);
    const managers = await listManagers(c.var.deps.db, mainId, withEmail);
    if (withEmail)
      noteAccountReads(
        c,
        managers.map((m) => m.userId),
      );
    return ok(c, managers);
  });

  router.openapi(routes.grant, async (c) => {
    const { mainId } = c.req.valid('param');
    const actor = await requireGradeIn(c, mainId, grades.association);
    return ok(c, await grantManager(c.var.deps.db, actor.id, mainId, c.req.valid('json')), 201);
  });

  router.openapi(routes.change, async (c) => {
    const { mainId, userId } = c.req.valid('param');
    const actor = await requireGradeIn(c, mainId, grades.association);
    return ok(
      c,
      await changeManagerGrade(c.var.deps.db, actor.id, mainId, userId, c.req.valid('json').grade),
    );
  });

  router.openapi(routes.revoke, async (c) => {
    const { mainId, userId } = c.req.valid('param');
    const actor = await requireGradeIn(c, mainId, grades.association);
    return ok(c, await revokeManager(c.var.deps.db, actor.id, mainId, userId));
  });

  return router;
}
