import { createRouter } from '../../http/router.ts';
import { ok } from '../../http/envelope.ts';
import { grades, requireSignedIn } from '../../auth/permissions.ts';
import { resolveMainId } from '../../services/access.ts';
import {
  createDivision,
  deleteDivision,
  getDivision,
  listDivisions,
  updateDivision,
} from '../../services/divisions.ts';
import { requireGradeIn } from '../access/guards.ts';
import * as routes from './divisions.routes.ts';

/** /api/divisions: the divisions (부) of an association. */
export function divisionsRouter() {
  const router = createRouter(['Division', routes]);

  router.openapi(routes.list, async (c) =>
    ok(c, await listDivisions(c.var.deps.db, c.req.valid('query'))),
  );

  router.openapi(routes.get, async (c) =>
    ok(c, await getDivision(c.var.deps.db, c.req.valid('param').id)),
  );

  router.openapi(routes.create, async (c) => {
    const input = c.req.valid('json');
    requireSignedIn(c);
    const mainId = await resolveMainId(c.var.deps.db, input.mainId);
    const actor = await requireGradeIn(c, mainId, grades.association);
    const data = await createDivision(c.var.deps.db, actor.id, { ...input, mainId });
    return ok(c, data, 201);
  });

  router.openapi(routes.update, async (c) => {
    const { id } = c.req.valid('param');
    requireSignedIn(c);
    const { mainId } = await getDivision(c.var.deps.db, id);
    const actor = await requireGradeIn(c, mainId, grades.association);
    const data = await updateDivision(c.var.deps.db, actor.id, id, c.req.valid('json'));
    return ok(c, data);
  });

  router.openapi(routes.remove, async (c) => {
    const { id } = c.req.valid('param');
    requireSignedIn(c);
    const { mainId } = await getDivision(c.var.deps.db, id);
    const actor = await requireGradeIn(c, mainId, grades.association);
    const data = await deleteDivision(c.var.deps.db, actor.id, id);
    return ok(c, data);
  });

  return router;
}
