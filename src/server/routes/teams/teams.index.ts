import { personalScopeOf } from '../../auth/personal-fields.ts';
import { noteAccountReads } from '../../auth/access-record.ts';
import { createRouter } from '../../http/router.ts';
import { ok } from '../../http/envelope.ts';
import { grades, requireSignedIn, requireTeamAccess } from '../../auth/permissions.ts';
import {
  addTeamManager,
  listTeamManagers,
  removeTeamManager,
  resolveMainId,
} from '../../services/access.ts';
import {
  createTeam,
  deleteTeam,
  getTeam,
  listTeams,
  mainIdOfTeam,
  setTeamLogo,
  updateTeam,
} from '../../services/teams.ts';
import { requireGradeIn } from '../access/guards.ts';
import * as routes from './teams.routes.ts';
import * as managers from './team-managers.routes.ts';

/** /api/teams: teams of an association and their team managers. */
export function teamsRouter() {
  const router = createRouter(['Team', routes], ['TeamManager', managers]);

  router.openapi(routes.list, async (c) =>
    ok(c, await listTeams(c.var.deps.db, c.req.valid('query'))),
  );

  router.openapi(routes.get, async (c) =>
    ok(c, await getTeam(c.var.deps.db, c.req.valid('param').id)),
  );

  router.openapi(routes.create, async (c) => {
    const input = c.req.valid('json');
    requireSignedIn(c);
    const mainId = await resolveMainId(c.var.deps.db, input.mainId);
    const actor = await requireGradeIn(c, mainId, grades.association);
    const data = await createTeam(c.var.deps.db, actor.id, { ...input, mainId });
    return ok(c, data, 201);
  });

  router.openapi(routes.update, async (c) => {
    const { id } = c.req.valid('param');
    requireSignedIn(c);
    const actor = await requireGradeIn(
      c,
      await mainIdOfTeam(c.var.deps.db, id),
      grades.association,
    );
    const data = await updateTeam(c.var.deps.db, actor.id, id, c.req.valid('json'));
    return ok(c, data);
  });

  router.openapi(routes.uploadTeamLogo, async (c) => {
    const { id } = c.req.valid('param');
    const { db, config } = c.var.deps;
    const actor = await requireGradeIn(c, await mainIdOfTeam(db, id), grades.association);
    const data = await setTeamLogo(db, config.sharedDir, actor.id, id, c.req.valid('form').file);
    return ok(c, data);
  });

  router.openapi(routes.remove, async (c) => {
    const { id } = c.req.valid('param');
    requireSignedIn(c);
    const actor = await requireGradeIn(
      c,
      await mainIdOfTeam(c.var.deps.db, id),
      grades.association,
    );
    const data = await deleteTeam(c.var.deps.db, actor.id, id);
    return ok(c, data);
  });

  router.openapi(managers.list, async (c) => {
    const { teamId } = c.req.valid('param');
    requireSignedIn(c);
    const mainId = await mainIdOfTeam(c.var.deps.db, teamId);
    await requireTeamAccess(c, teamId);
    const withEmail = (await personalScopeOf(c))(mainId);
    const managers = await listTeamManagers(c.var.deps.db, teamId, withEmail);
    if (withEmail)
      noteAccountReads(
        c,
        managers.map((m) => m.userId),
      );
    return ok(c, managers);
  });

  router.openapi(managers.add, async (c) => {
    const { teamId } = c.req.valid('param');
    requireSignedIn(c);
    const actor = await requireGradeIn(
      c,
      await mainIdOfTeam(c.var.deps.db, teamId),
      grades.association,
    );
    return ok(
      c,
      await addTeamManager(c.var.deps.db, actor.id, teamId, c.req.valid('json').userId),
      201,
    );
  });

  router.openapi(managers.remove, async (c) => {
    const { teamId, userId } = c.req.valid('param');
    requireSignedIn(c);
    const actor = await requireGradeIn(
      c,
      await mainIdOfTeam(c.var.deps.db, teamId),
      grades.association,
    );
    return ok(c, await removeTeamManager(c.var.deps.db, actor.id, teamId, userId));
  });

  return router;
}
