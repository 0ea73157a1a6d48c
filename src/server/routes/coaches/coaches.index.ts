import type { Context } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import { createRouter } from '../../http/router.ts';
import { personalScopeOf, touchesPersonalFields } from '../../auth/personal-fields.ts';
import { recordAccess } from '../../auth/access-record.ts';
import { subjectOf } from '../../auth/access-chain.ts';
import { ok } from '../../http/envelope.ts';
import { grades, requireSignedIn } from '../../auth/permissions.ts';
import { resolveMainId } from '../../services/access.ts';
import {
  addCoachCareer,
  createCoach,
  deleteCoach,
  deleteCoachCareer,
  getCoach,
  listCoachCareers,
  listCoaches,
  mainIdOfCoach,
  updateCoach,
  updateCoachCareer,
} from '../../services/coaches.ts';
import { requireGradeIn } from '../access/guards.ts';
import * as routes from './coaches.routes.ts';
import * as careers from './coach-careers.routes.ts';

/** The coach must exist (404) and the caller be a grade-1 manager of its association or an admin. */
async function coachWriter(c: Context<AppEnv>, id: number) {
  requireSignedIn(c);
  return requireGradeIn(c, await mainIdOfCoach(c.var.deps.db, id), grades.association);
}

/** /api/coaches: coaches (감독, 코치, 단장) and their careers. */
export function coachesRouter() {
  const router = createRouter(['Coach', routes], ['CoachCareer', careers]);

  router.openapi(routes.list, async (c) =>
    ok(c, await listCoaches(c.var.deps.db, c.req.valid('query'), await personalScopeOf(c))),
  );

  router.openapi(routes.get, async (c) =>
    ok(c, await getCoach(c.var.deps.db, c.req.valid('param').id, await personalScopeOf(c))),
  );

  router.openapi(routes.create, async (c) => {
    const input = c.req.valid('json');
    requireSignedIn(c);
    const mainId = await resolveMainId(c.var.deps.db, input.mainId);
    const actor = await requireGradeIn(c, mainId, grades.association);
    const data = await createCoach(c.var.deps.db, actor.id, { ...input, mainId });
    await recordAccess(c, 'create', [subjectOf('coach', data.id)]);
    return ok(c, data, 201);
  });

  router.openapi(routes.update, async (c) => {
    const { id } = c.req.valid('param');
    const actor = await coachWriter(c, id);
    const patch = c.req.valid('json');
    const data = await updateCoach(c.var.deps.db, actor.id, id, patch);
    if (touchesPersonalFields(patch)) await recordAccess(c, 'update', [subjectOf('coach', id)]);
    return ok(c, data);
  });

  router.openapi(routes.remove, async (c) => {
    const { id } = c.req.valid('param');
    const actor = await coachWriter(c, id);
    const data = await deleteCoach(c.var.deps.db, actor.id, id);
    await recordAccess(c, 'delete', [subjectOf('coach', id)]);
    return ok(c, data);
  });

  router.openapi(careers.list, async (c) =>
    ok(c, await listCoachCareers(c.var.deps.db, c.req.valid('param').id)),
  );

  router.openapi(careers.add, async (c) => {
    const { id } = c.req.valid('param');
    const actor = await coachWriter(c, id);
    const data = await addCoachCareer(c.var.deps.db, actor.id, id, c.req.valid('json'));
    return ok(c, data, 201);
  });

  router.openapi(careers.update, async (c) => {
    const { id, careerId } = c.req.valid('param');
    const actor = await coachWriter(c, id);
    const data = await updateCoachCareer(
      c.var.deps.db,
      actor.id,
      id,
      careerId,
      c.req.valid('json'),
    );
    return ok(c, data);
  });

  router.openapi(careers.remove, async (c) => {
    const { id, careerId } = c.req.valid('param');
    const actor = await coachWriter(c, id);
    const data = await deleteCoachCareer(c.var.deps.db, actor.id, id, careerId);
    return ok(c, data);
  });

  return router;
}
