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
import { noteAccountReads, recordAccess } from '../../auth/access-record.ts';
import { subjectOf } from '../../auth/access-chain.ts';
import { touchesAccountFields } from '../../auth/personal-fields.ts';
import * as routes from './users.routes.ts';
import * as spec from './user.routes.ts';

/** /api/users (account administration) and the /api/user/{id} calls of SPEC §7. */
export function usersRouter() {
  const router = createRouter(['User', routes], spec);

  router.openapi(spec.profile, async (c) => {
    const { id } = c.req.valid('param');
    await requireSelfOrManager(c, id);
    const profile = await getProfile(c.var.deps.db, id);
    noteAccountReads(c, [id]);
    return ok(c, profile);
  });

  router.openapi(spec.players, async (c) => {
    const { userId } = c.req.valid('param');
    await requireSelfOrManager(c, userId);
    return ok(c, await userTeamPlayers(c.var.deps.db, userId));
  });

  // Before /users/{id}, which would read "unregistered" as an id.
  router.openapi(routes.unregistered, async (c) => {
    await requireUserReader(c);
    const page = await listUsers(c.var.deps.db, { ...c.req.valid('query'), unregistered: true });
    noteAccountReads(
      c,
      page.items.map((u) => u.id),
    );
    return ok(c, page);
  });

  router.openapi(routes.list, async (c) => {
    await requireUserReader(c);
    const page = await listUsers(c.var.deps.db, c.req.valid('query'));
    noteAccountReads(
      c,
      page.items.map((u) => u.id),
    );
    return ok(c, page);
  });

  router.openapi(routes.get, async (c) => {
    await requireUserReader(c);
    const user = await getUser(c.var.deps.db, c.req.valid('param').id);
    noteAccountReads(c, [user.id]);
    return ok(c, user);
  });

  router.openapi(routes.create, async (c) => {
    const actor = requireAdmin(c);
    const user = await createUser(c.var.deps.db, actor.id, c.req.valid('json'));
    await recordAccess(c, 'create', [subjectOf('user', user.id)]);
    return ok(c, user, 201);
  });

  router.openapi(routes.update, async (c) => {
    const actor = requireAdmin(c);
    const { id } = c.req.valid('param');
    await getUser(c.var.deps.db, id);
    const patch = c.req.valid('json');
    const user = await updateUser(c.var.deps.db, actor.id, id, patch);
    if (touchesAccountFields(patch)) await recordAccess(c, 'update', [subjectOf('user', id)]);
    return ok(c, user);
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
    // the account link is a personal field of the player or coach
    await recordAccess(c, 'update', [subjectOf(target.kind, target.id), subjectOf('user', id)]);
    return ok(c, await getUser(db, id));
  });

  return router;
}
