import { createRouter } from '../../http/router.ts';
import { ok } from '../../http/envelope.ts';
import {
  grades,
  requireManagesPlayers,
  requireSignedIn,
  mainIdOfTeam,
  requireTeamAccess,
} from '../../auth/permissions.ts';
import { personalScopeOf, touchesPersonalFields } from '../../auth/personal-fields.ts';
import { recordAccess } from '../../auth/access-record.ts';
import { subjectOf } from '../../auth/access-chain.ts';
import { resolveMainId } from '../../services/access.ts';
import {
  addPlayerCareer,
  assertCareerTeam,
  createPlayer,
  createTeamPlayer,
  deletePlayer,
  deletePlayerCareer,
  getPlayer,
  getPlayerCareer,
  listPlayerCareers,
  listPlayers,
  mainIdOfPlayer,
  playerLeagueTeams,
  updatePlayer,
  updatePlayerCareer,
} from '../../services/players.ts';
import { requireGradeIn } from '../access/guards.ts';
import { badRequest } from '../../http/api-error.ts';
import { importPlayers, previewPlayers } from '../../services/player-import.ts';
import { playerImportChoices } from '../../../lib/schemas/player-import.ts';
import type { PlayerImportChoices } from '../../../lib/schemas/player-import.ts';
import { readSheetUpload } from '../../sheets/read-upload.ts';
import * as routes from './players.routes.ts';
import * as careers from './player-careers.routes.ts';
import * as league from './player-league.routes.ts';

/** /api/players (with careers) and /api/player/{playerId}/leagueTeam. */
export function playersRouter() {
  const router = createRouter(['Player', routes], ['PlayerCareer', careers], league);

  // Before /players/{id}, which would read "no-team" as an id.
  router.openapi(routes.noTeam, async (c) => {
    requireSignedIn(c);
    return ok(
      c,
      await listPlayers(
        c.var.deps.db,
        { ...c.req.valid('query'), noTeam: true },
        await personalScopeOf(c),
      ),
    );
  });

  router.openapi(routes.list, async (c) =>
    ok(c, await listPlayers(c.var.deps.db, c.req.valid('query'), await personalScopeOf(c))),
  );

  router.openapi(routes.get, async (c) =>
    ok(c, await getPlayer(c.var.deps.db, c.req.valid('param').id, await personalScopeOf(c))),
  );

  router.openapi(routes.create, async (c) => {
    const input = c.req.valid('json');
    requireSignedIn(c);
    const mainId = await resolveMainId(c.var.deps.db, input.mainId);
    const actor = await requireGradeIn(c, mainId, grades.association);
    const data = await createPlayer(c.var.deps.db, actor.id, { ...input, mainId });
    await recordAccess(c, 'create', [subjectOf('player', data.id)]);
    return ok(c, data, 201);
  });

  router.openapi(routes.importFile, async (c) => {
    const { mainId: asked, dryRun } = c.req.valid('query');
    const form = c.req.valid('form');
    requireSignedIn(c);
    const db = c.var.deps.db;
    const mainId = await resolveMainId(db, asked);
    const actor = await requireGradeIn(c, mainId, grades.association);
    const choices = parseChoices(form.choices);
    const upload = await readSheetUpload(form.file);
    if (dryRun === 'true') {
      const parsed = await previewPlayers(db, mainId, upload.table, choices);
      return ok(c, { dryRun: true, ...parsed, created: 0, careers: 0, skipped: 0 });
    }
    const result = await importPlayers(db, actor.id, mainId, upload.table, choices);
    return ok(c, result);
  });

  router.openapi(routes.createOnTeam, async (c) => {
    const { id } = c.req.valid('param');
    requireSignedIn(c);
    const actor = await requireTeamAccess(c, id);
    const db = c.var.deps.db;
    const data = await createTeamPlayer(
      db,
      actor.id,
      await mainIdOfTeam(db, id),
      id,
      c.req.valid('json'),
    );
    await recordAccess(c, 'create', [subjectOf('player', data.id)]);
    return ok(c, data, 201);
  });

  router.openapi(routes.update, async (c) => {
    const { id } = c.req.valid('param');
    requireSignedIn(c);
    const actor = await requireGradeIn(
      c,
      await mainIdOfPlayer(c.var.deps.db, id),
      grades.association,
    );
    const patch = c.req.valid('json');
    const data = await updatePlayer(c.var.deps.db, actor.id, id, patch);
    if (touchesPersonalFields(patch)) await recordAccess(c, 'update', [subjectOf('player', id)]);
    return ok(c, data);
  });

  router.openapi(routes.remove, async (c) => {
    const { id } = c.req.valid('param');
    requireSignedIn(c);
    const actor = await requireGradeIn(
      c,
      await mainIdOfPlayer(c.var.deps.db, id),
      grades.association,
    );
    const data = await deletePlayer(c.var.deps.db, actor.id, id);
    await recordAccess(c, 'delete', [subjectOf('player', id)]);
    return ok(c, data);
  });

  router.openapi(careers.list, async (c) =>
    ok(c, await listPlayerCareers(c.var.deps.db, c.req.valid('param').id)),
  );

  router.openapi(careers.add, async (c) => {
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    requireSignedIn(c);
    const db = c.var.deps.db;
    await assertCareerTeam(db, await mainIdOfPlayer(db, id), input.teamId);
    const actor = await requireTeamAccess(c, input.teamId);
    await requireManagesPlayers(c, [id]);
    const data = await addPlayerCareer(db, actor.id, id, input);
    return ok(c, data, 201);
  });

  router.openapi(careers.update, async (c) => {
    const { id, careerId } = c.req.valid('param');
    const patch = c.req.valid('json');
    requireSignedIn(c);
    const db = c.var.deps.db;
    const before = await getPlayerCareer(db, id, careerId);
    const actor = await requireTeamAccess(c, before.teamId);
    if (patch.teamId !== undefined && patch.teamId !== before.teamId) {
      await assertCareerTeam(db, await mainIdOfPlayer(db, id), patch.teamId);
      await requireTeamAccess(c, patch.teamId);
    }
    const data = await updatePlayerCareer(db, actor.id, id, careerId, patch);
    return ok(c, data);
  });

  router.openapi(careers.remove, async (c) => {
    const { id, careerId } = c.req.valid('param');
    requireSignedIn(c);
    const db = c.var.deps.db;
    const before = await getPlayerCareer(db, id, careerId);
    const actor = await requireTeamAccess(c, before.teamId);
    const data = await deletePlayerCareer(db, actor.id, id, careerId);
    return ok(c, data);
  });

  router.openapi(league.leagueTeams, async (c) =>
    ok(c, await playerLeagueTeams(c.var.deps.db, c.req.valid('param').playerId)),
  );

  return router;
}

/** The per-row choices of a player import, sent as a JSON form field. */
function parseChoices(text: string | undefined): PlayerImportChoices {
  if (text === undefined || text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = null;
  }
  const parsed = playerImportChoices.safeParse(value);
  if (!parsed.success) {
    const message =
      '같은 사람 선택(choices)을 읽을 수 없습니다. {"행 번호": 선수 번호 또는 "new"} 형식이어야 합니다.';
    throw badRequest(message, { choices: message });
  }
  return parsed.data;
}
