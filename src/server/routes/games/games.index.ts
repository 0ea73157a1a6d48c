import { createRouter } from '../../http/router.ts';
import { ok } from '../../http/envelope.ts';
import { grades, mainIdOfGame, requireGrade } from '../../auth/permissions.ts';
import { getLeague, leagueIdsOfSeason, listGames } from '../../services/games.ts';
import { ineligibleForGame } from '../../services/eligibility.ts';
import * as routes from './games.routes.ts';

/** /api/league: game result lists and who may not play in a game. */
export function gamesRouter() {
  const router = createRouter(routes);

  router.openapi(routes.leagueGames, async (c) => {
    const { id } = c.req.valid('param');
    const { offset, limit, all } = c.req.valid('query');
    const db = c.var.deps.db;
    const league = await getLeague(db, id);
    const leagueIds = all === 'true' ? await leagueIdsOfSeason(db, league.season_id) : [id];
    return ok(c, await listGames(db, { leagueIds, kind: 'results', offset, limit }));
  });

  router.openapi(routes.leagueTeamGames, async (c) => {
    const { id, x } = c.req.valid('param');
    const { offset, limit, all } = c.req.valid('query');
    const db = c.var.deps.db;
    const league = await getLeague(db, id);
    const leagueIds = all === 'true' ? await leagueIdsOfSeason(db, league.season_id) : [id];
    return ok(c, await listGames(db, { leagueIds, teamId: x, kind: 'results', offset, limit }));
  });

  router.openapi(routes.seasonGames, async (c) => {
    const { id } = c.req.valid('param');
    const { offset, limit } = c.req.valid('query');
    const db = c.var.deps.db;
    return ok(
      c,
      await listGames(db, {
        leagueIds: await leagueIdsOfSeason(db, id),
        kind: 'results',
        offset,
        limit,
      }),
    );
  });

  router.openapi(routes.seasonTeamGames, async (c) => {
    const { id, x } = c.req.valid('param');
    const { offset, limit } = c.req.valid('query');
    const db = c.var.deps.db;
    return ok(
      c,
      await listGames(db, {
        leagueIds: await leagueIdsOfSeason(db, id),
        teamId: x,
        kind: 'results',
        offset,
        limit,
      }),
    );
  });

  router.openapi(routes.ineligible, async (c) => {
    const { gameId, teamId } = c.req.valid('param');
    const db = c.var.deps.db;
    await requireGrade(c, await mainIdOfGame(db, gameId), grades.records);
    return ok(c, { gameId, teamId, players: await ineligibleForGame(db, gameId, teamId) });
  });

  return router;
}
