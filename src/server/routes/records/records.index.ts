import { createRouter } from '../../http/router.ts';
import { ok } from '../../http/envelope.ts';
import { grades, mainIdOfGame, requireGrade } from '../../auth/permissions.ts';
import { deleteRecord, publicBoxScore, readRecord, saveRecord } from '../../services/box-score.ts';
import * as routes from './records.routes.ts';

/** /api/league: game records (box score in) and the public box score (box score out). */
export function recordsRouter() {
  const router = createRouter(routes);

  router.openapi(routes.getRecord, async (c) => {
    const { gameId } = c.req.valid('param');
    const db = c.var.deps.db;
    await requireGrade(c, await mainIdOfGame(db, gameId), grades.records);
    // a scorer opening the record form saves it in a few minutes: the site's renderer gets ready
    c.var.deps.publishing?.expected();
    return ok(c, await readRecord(db, gameId));
  });

  router.openapi(routes.putRecord, async (c) => {
    const { gameId } = c.req.valid('param');
    const body = c.req.valid('json');
    const db = c.var.deps.db;
    const user = await requireGrade(c, await mainIdOfGame(db, gameId), grades.records);
    const record = await saveRecord(db, gameId, body, user.id);
    return ok(c, record);
  });

  router.openapi(routes.deleteRecord, async (c) => {
    const { gameId } = c.req.valid('param');
    const db = c.var.deps.db;
    const user = await requireGrade(c, await mainIdOfGame(db, gameId), grades.records);
    const record = await deleteRecord(db, gameId, user.id);
    return ok(c, record);
  });

  router.openapi(routes.getBoxScore, async (c) => {
    const { gameId } = c.req.valid('param');
    return ok(c, await publicBoxScore(c.var.deps.db, gameId));
  });

  return router;
}
