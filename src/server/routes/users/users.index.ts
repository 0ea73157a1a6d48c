import { createRouter } from '../../http/router.ts';
import { ok } from '../../http/envelope.ts';
import { conflict } from '../../http/api-error.ts';
import { grades, requireAdmin, requireSignedIn } from '../../auth/permissions.ts';
import {
  createUser,
  getProfile,
  getUser,
  linkTarget,
  listUsers,
  updateUser,
  userTeamPlayers,
} from '../../services/users.ts';
import { updatePlayer } from '../../services/players.ts';
import { updateCoach } from '../../services/coaches.ts';
import { requireGradeIn, requireSelfOrManager, requireUserReader } from '../access/guards.ts';
import * as routes from './users.routes.ts';
import * as spec from './user.routes.ts';

/** /api/users (account administration) and the /api/user/{id} calls of SPEC §7. */
export function usersRouter() {
  const router = createRouter(['User', routes], spec);

  router.openapi(spec.profile, async (c) => {
    const { id } = c.req.valid('param');
    await requireSelfOrManager(c, id);
    return ok(c, await getProfile(c.var.deps.db, id));
  });

  router.openapi(spec.players, async (c) => {
    const { userId } = c.req.valid('param');
    await requireSelfOrManager(c, userId);
    return ok(c, await userTeamPlayers(c.var.deps.db, userId));
  });

  // Before /users/{id}, which would read "unregistered" as an id.
  router.openapi(routes.unregistered, async (c) => {
    await requireUserReader(c);
    return ok(c, await listUsers(c.var.deps.db, { ...c.req.valid('query'), unregistered: true }));
  });

  router.openapi(routes.list, async (c) => {
    await requireUserReader(c);
    return ok(c, await listUsers(c.var.deps.db, c.req.valid('query')));
  });

  router.openapi(routes.get, async (c) => {
    await requireUserReader(c);
    return ok(c, await getUser(c.var.deps.db, c.req.valid('param').id));
  });

  router.openapi(routes.create, async (c) => {
    const actor = requireAdmin(c);
    return ok(c, await createUser(c.var.deps.db, actor.id, c.req.valid('json')), 201);
  });

  router.openapi(routes.update, async (c) => {
    const actor = requireAdmin(c);
    const { id } = c.req.valid('param');
    await getUser(c.var.deps.db, id);
    return ok(c, await updateUser(c.var.deps.db, actor.id, id, c.req.valid('json')));
  });

  router.openapi(routes.disable, async (c) => {
    const actor = requireAdmin(c);
    const { id } = c.req.valid('param');
    await getUser(c.var.deps.db, id);
    return ok(c, await updateUser(c.var.deps.db, actor.id, id, { disabled: true }));
  });

  router.openapi(routes.link, async (c) => {
    const { id } = c.req.valid('param');
    const db = c.var.deps.db;
    requireSignedIn(c);
    await getUser(db, id);
    const target = await linkTarget(db, c.req.valid('json'));
    const actor = await requireGradeIn(c, target.mainId, grades.association);
    const what = target.kind === 'player' ? '선수' : '지도자';
    if (target.userId !== null && target.userId !== id)
      throw conflict(`이 ${what}는 이미 다른 회원과 연결되어 있습니다.`);
    if (target.kind === 'player') await updatePlayer(db, actor.id, target.id, { userId: id });
    else await updateCoach(db, actor.id, target.id, { userId: id });
    return ok(c, await getUser(db, id));
  });

  return router;
}
