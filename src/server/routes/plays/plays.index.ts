import { createHash } from 'node:crypto';
import { createRouter } from '../../http/router.ts';
import { ok } from '../../http/envelope.ts';
import { badRequest } from '../../http/api-error.ts';
import { grades, mainIdOfGame, requireGrade } from '../../auth/permissions.ts';
import { exportEventFile, importEventFile, readPlays } from '../../services/plays.ts';
import * as routes from './plays.routes.ts';

/**
 * /api/league/game/{gameId}/plays and …/retrosheet: a game scored by plays (decision 155). An
 * event file in replaces the game's plays and box score in one transaction; the box score's
 * tables are recorded as a typed record's are, so the publisher renders the same pages.
 */
export function playsRouter() {
  const router = createRouter(routes);

  router.openapi(routes.getPlays, async (c) => {
    const { gameId } = c.req.valid('param');
    const answer = await readPlays(c.var.deps.db, gameId);
    const etag = `"${createHash('sha1').update(JSON.stringify(answer)).digest('base64url').slice(0, 16)}"`;
    c.header('cache-control', 'public, max-age=1');
    c.header('etag', etag);
    if (c.req.header('if-none-match') === etag) return c.body(null, 304) as never;
    return ok(c, answer);
  });

  router.openapi(routes.getRetrosheet, async (c) => {
    const { gameId } = c.req.valid('param');
    const text = await exportEventFile(c.var.deps.db, gameId);
    c.header('content-disposition', `attachment; filename="game-${gameId}.EVE"`);
    return c.text(text, 200, { 'content-type': 'text/plain; charset=utf-8' }) as never;
  });

  router.openapi(routes.putRetrosheet, async (c) => {
    const { gameId } = c.req.valid('param');
    const db = c.var.deps.db;
    const user = await requireGrade(c, await mainIdOfGame(db, gameId), grades.records);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(await c.req.arrayBuffer());
    } catch {
      throw badRequest('이벤트 파일을 UTF-8로 저장해 보내 주세요.');
    }
    if (!text.trim()) throw badRequest('이벤트 파일이 비어 있습니다.');
    const saved = await importEventFile(db, gameId, text, user.id);
    return ok(c, saved);
  });

  return router;
}
