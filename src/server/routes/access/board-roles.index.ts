import { createRouter } from '../../http/router.ts';
import { ok } from '../../http/envelope.ts';
import { grades } from '../../auth/permissions.ts';
import { requireGradeIn } from './guards.ts';
import { listBoardRoles, removeBoardRole, setBoardRole } from '../../services/access.ts';
import * as routes from './board-roles.routes.ts';

/** /api/league/main/{mainId}/boards/{board}/roles: roles given on one board of an association. */
export function boardRolesRouter() {
  const router = createRouter(['BoardRoles', routes]);

  router.openapi(routes.list, async (c) => {
    const { mainId, board } = c.req.valid('param');
    await requireGradeIn(c, mainId, grades.records);
    return ok(c, await listBoardRoles(c.var.deps.db, mainId, board));
  });

  router.openapi(routes.set, async (c) => {
    const { mainId, board, userId } = c.req.valid('param');
    const actor = await requireGradeIn(c, mainId, grades.association);
    return ok(
      c,
      await setBoardRole(c.var.deps.db, actor.id, mainId, board, userId, c.req.valid('json').role),
    );
  });

  router.openapi(routes.remove, async (c) => {
    const { mainId, board, userId } = c.req.valid('param');
    const actor = await requireGradeIn(c, mainId, grades.association);
    return ok(c, await removeBoardRole(c.var.deps.db, actor.id, mainId, board, userId));
  });

  return router;
}
