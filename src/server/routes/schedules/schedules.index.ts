import type { Context } from 'hono';
import { createRouter } from '../../http/router.ts';
import { ok } from '../../http/envelope.ts';
import { grades, mainIdOfLeague, mainIdOfSeason, requireGrade } from '../../auth/permissions.ts';
import {
  getGame,
  getLeague,
  leagueIdsOfSeason,
  listGames,
  teamSchedule,
} from '../../services/games.ts';
import * as schedules from '../../services/schedules.ts';
import { readSheetUpload } from '../../sheets/read-upload.ts';
import type { AppEnv } from '../../app-env.ts';
import * as routes from './schedules.routes.ts';

async function leagueManager(c: Context<AppEnv>, leagueId: number) {
  return requireGrade(c, await mainIdOfLeague(c.var.deps.db, leagueId), grades.league);
}

/** /api/league: schedules (lists, one game, create/edit/delete, schedule files, admin lists). */
export function schedulesRouter() {
  const router = createRouter(routes);

  router.openapi(routes.seasonSchedule, async (c) => {
    const { id } = c.req.valid('param');
    const { offset, limit } = c.req.valid('query');
    const db = c.var.deps.db;
    return ok(
      c,
      await listGames(db, {
        leagueIds: await leagueIdsOfSeason(db, id),
        kind: 'schedule',
        offset,
        limit,
      }),
    );
  });

  router.openapi(routes.seasonTeamSchedule, async (c) => {
    const { id, x } = c.req.valid('param');
    const { offset, limit } = c.req.valid('query');
    const db = c.var.deps.db;
    return ok(
      c,
      await listGames(db, {
        leagueIds: await leagueIdsOfSeason(db, id),
        teamId: x,
        kind: 'schedule',
        offset,
        limit,
      }),
    );
  });

  router.openapi(routes.leagueSchedule, async (c) => {
    const { id } = c.req.valid('param');
    const { offset, limit, all } = c.req.valid('query');
    const db = c.var.deps.db;
    const league = await getLeague(db, id);
    const leagueIds = all === 'true' ? await leagueIdsOfSeason(db, league.season_id) : [id];
    return ok(c, await listGames(db, { leagueIds, kind: 'schedule', offset, limit }));
  });

  // Before /schedule/{x}, which would otherwise take 'template.csv' as a team id.
  router.openapi(routes.scheduleTemplate, async (c) => {
    const { id } = c.req.valid('param');
    const csv = await schedules.scheduleTemplate(c.var.deps.db, id);
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="schedule-template.csv"; filename*=UTF-8''${encodeURIComponent('일정_양식.csv')}`,
    });
  });

  router.openapi(routes.leagueGame, async (c) => {
    const { leagueId, gameId } = c.req.valid('param');
    return ok(c, await getGame(c.var.deps.db, gameId, leagueId));
  });

  router.openapi(routes.leagueTeamSchedule, async (c) => {
    const { id, x } = c.req.valid('param');
    const { offset, limit, all } = c.req.valid('query');
    const db = c.var.deps.db;
    const league = await getLeague(db, id);
    const leagueIds = all === 'true' ? await leagueIdsOfSeason(db, league.season_id) : [id];
    return ok(c, await listGames(db, { leagueIds, teamId: x, kind: 'schedule', offset, limit }));
  });

  router.openapi(routes.teamOrder, async (c) => {
    const { id, x } = c.req.valid('param');
    return ok(c, await teamSchedule(c.var.deps.db, id, x));
  });

  router.openapi(routes.createGame, async (c) => {
    const { leagueId } = c.req.valid('param');
    const body = c.req.valid('json');
    const user = await leagueManager(c, leagueId);
    const game = await schedules.createGame(c.var.deps.db, leagueId, body, user.id);
    return ok(c, game, 201);
  });

  router.openapi(routes.updateGame, async (c) => {
    const { leagueId, gameId } = c.req.valid('param');
    const body = c.req.valid('json');
    const user = await leagueManager(c, leagueId);
    const game = await schedules.updateGame(c.var.deps.db, leagueId, gameId, body, user.id);
    return ok(c, game);
  });

  router.openapi(routes.deleteGame, async (c) => {
    const { leagueId, gameId } = c.req.valid('param');
    const user = await leagueManager(c, leagueId);
    const result = await schedules.deleteGame(c.var.deps.db, leagueId, gameId, user.id);
    return ok(c, result);
  });

  router.openapi(routes.adminSchedule, async (c) => {
    const { a, b } = c.req.valid('param');
    const db = c.var.deps.db;
    await requireGrade(c, await mainIdOfSeason(db, a), grades.records);
    return ok(c, {
      seasonId: a,
      leagueId: b,
      teamId: null,
      games: await schedules.adminSchedule(db, a, b),
    });
  });

  router.openapi(routes.adminTeamSchedule, async (c) => {
    const { a, b, c: teamId } = c.req.valid('param');
    const db = c.var.deps.db;
    await requireGrade(c, await mainIdOfSeason(db, a), grades.records);
    return ok(c, {
      seasonId: a,
      leagueId: b,
      teamId,
      games: await schedules.adminSchedule(db, a, b, teamId),
    });
  });

  router.openapi(routes.gamesNeedingRecords, async (c) => {
    const { a } = c.req.valid('param');
    const db = c.var.deps.db;
    await requireGrade(c, await mainIdOfLeague(db, a), grades.records);
    return ok(c, { leagueId: a, games: await schedules.gamesNeedingRecords(db, a) });
  });

  router.openapi(routes.recordFormGameRoute, async (c) => {
    const { a, b } = c.req.valid('param');
    const db = c.var.deps.db;
    await requireGrade(c, await mainIdOfLeague(db, a), grades.records);
    return ok(c, await schedules.recordFormGame(db, a, b));
  });

  router.openapi(routes.uploadFile, async (c) => {
    const { id } = c.req.valid('param');
    const { dryRun } = c.req.valid('query');
    const { db, config } = c.var.deps;
    const user = await leagueManager(c, id);
    const upload = await readSheetUpload(c.req.valid('form').file);
    if (dryRun === 'true') {
      const parsed = await schedules.previewSchedule(db, id, upload.table);
      return ok(c, {
        dryRun: true,
        valid: parsed.valid,
        rows: parsed.rows,
        imported: 0,
        skipped: parsed.rows.filter((r) => r.skipped).length,
        file: null,
      });
    }
    const result = await schedules.importScheduleFile(
      db,
      config.sharedDir,
      id,
      upload.table,
      upload.file,
      user.id,
    );
    return ok(c, {
      dryRun: false,
      valid: true,
      rows: result.parsed.rows,
      imported: result.gameIds.length,
      skipped: result.parsed.rows.filter((r) => r.skipped).length,
      file: {
        uploadId: result.upload.id,
        url: result.upload.url,
        originalName: result.upload.originalName,
      },
    });
  });

  router.openapi(routes.deleteFile, async (c) => {
    const { id } = c.req.valid('param');
    const user = await leagueManager(c, id);
    return ok(c, await schedules.unlinkScheduleFile(c.var.deps.db, id, user.id));
  });

  return router;
}
