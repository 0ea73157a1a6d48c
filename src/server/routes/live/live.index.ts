import { createHash } from 'node:crypto';
import { createRouter } from '../../http/router.ts';
import { ok } from '../../http/envelope.ts';
import { grades, mainIdOfGame, requireGrade } from '../../auth/permissions.ts';
import { endLive, putLive, readLive, resetLive, suspendLive } from '../../services/live-games.ts';
import * as routes from './live.routes.ts';

/**
 * /api/league/game/{gameId}/live: the line score of a game being played (decision 149). Its writes
 * name `game-live:G`, so the publisher renders only the pages that show the game live (its box
 * score, the home page, the result and schedule lists), not the statistics; a suspension changes
 * the game itself and names it as a schedule change does.
 */
export function liveRouter() {
  const router = createRouter(routes);

  router.openapi(routes.getLive, async (c) => {
    const { gameId } = c.req.valid('param');
    const answer = await readLive(c.var.deps.db, gameId);
    const etag = `"${createHash('sha1').update(JSON.stringify(answer)).digest('base64url').slice(0, 16)}"`;
    // a scoreboard polled by a thousand phones: any cache in between may keep it a second
    c.header('cache-control', 'public, max-age=1');
    c.header('etag', etag);
    if (c.req.header('if-none-match') === etag) return c.body(null, 304) as never;
    return ok(c, answer);
  });

  router.openapi(routes.putLive, async (c) => {
    const { gameId } = c.req.valid('param');
    const body = c.req.valid('json');
    const db = c.var.deps.db;
    const user = await requireGrade(c, await mainIdOfGame(db, gameId), grades.records);
    const { applied } = await putLive(db, gameId, body, user.id);
    return ok(c, { ...(await readLive(db, gameId)), applied });
  });

  router.openapi(routes.endLive, async (c) => {
    const { gameId } = c.req.valid('param');
    const db = c.var.deps.db;
    const user = await requireGrade(c, await mainIdOfGame(db, gameId), grades.records);
    await endLive(db, gameId, user.id);
    return ok(c, await readLive(db, gameId));
  });

  router.openapi(routes.resetLive, async (c) => {
    const { gameId } = c.req.valid('param');
    const db = c.var.deps.db;
    const user = await requireGrade(c, await mainIdOfGame(db, gameId), grades.records);
    await resetLive(db, gameId, user.id);
    return ok(c, await readLive(db, gameId));
  });

  router.openapi(routes.suspendLive, async (c) => {
    const { gameId } = c.req.valid('param');
    const { reason } = c.req.valid('json');
    const db = c.var.deps.db;
    const user = await requireGrade(c, await mainIdOfGame(db, gameId), grades.records);
    await suspendLive(db, gameId, reason, user.id);
    return ok(c, await readLive(db, gameId));
  });

  return router;
}
