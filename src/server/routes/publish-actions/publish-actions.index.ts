import { timingSafeEqual, createHash } from 'node:crypto';
import { createRouter } from '../../http/router.ts';
import { ok } from '../../http/envelope.ts';
import { ApiError, badRequest, conflict, unauthorized } from '../../http/api-error.ts';
import { CallWindow } from '../../http/call-window.ts';
import { clientAddress } from '../../http/client-address.ts';
import { grades, requireGrade } from '../../auth/permissions.ts';
import { audit } from '../../services/audit.ts';
import { requestFromPublisher } from '../../publish/change-feed.ts';
import * as routes from './publish-actions.routes.ts';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** /api/publish: the incoming build webhook, manual rebuild and rollback. */
export function publishActionsRouter(webhookCalls = new CallWindow(10, 60_000)) {
  const router = createRouter(routes);

  router.openapi(routes.webhook, async (c) => {
    const { config, publisher, db } = c.var.deps;
    const secret = config.PUBLISH_WEBHOOK_SECRET;
    if (!secret) throw new ApiError(404, '요청한 API를 찾을 수 없습니다.');
    // a secret in the address ends up in access logs, proxies and browser history
    if (c.req.query('token') !== undefined)
      throw badRequest(
        '웹훅 토큰은 주소(쿼리 문자열)로 받지 않습니다. X-Publish-Token 헤더로 보내 주세요.',
      );
    const wait = webhookCalls.take(clientAddress(c));
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      throw new ApiError(429, `웹훅 요청이 너무 많습니다. ${wait}초 뒤에 다시 시도해 주세요.`);
    }
    const given = c.req.valid('header')['x-publish-token'] ?? '';
    if (!timingSafeEqual(digest(given), digest(secret)))
      throw unauthorized('웹훅 토큰이 올바르지 않습니다.');
    if (!publisher) throw conflict('이 서버는 공개 사이트를 만들지 않도록 설정되어 있습니다.');
    // through the change record: whichever node publishes builds it
    await requestFromPublisher(db, { action: 'rebuild', reason: '웹훅' });
    return ok(c, { queued: true });
  });

  router.openapi(routes.rebuild, async (c) => {
    const user = await requireGrade(c, await associationId(c.var.deps.db), grades.association);
    const { publisher, db } = c.var.deps;
    if (!publisher) throw conflict('이 서버는 공개 사이트를 만들지 않도록 설정되어 있습니다.');
    await audit(db, { userId: user.id, action: 'rebuild', entity: 'site' });
    await requestFromPublisher(db, { action: 'rebuild', reason: `관리자 요청 (${user.email})` });
    return ok(c, { queued: true });
  });

  router.openapi(routes.rollback, async (c) => {
    const user = await requireGrade(c, await associationId(c.var.deps.db), grades.association);
    const { publisher, db } = c.var.deps;
    if (!publisher) throw conflict('이 서버는 공개 사이트를 만들지 않도록 설정되어 있습니다.');
    // done by the node that publishes, whichever node the request came to
    const switched = await publisher.rollbackOnAnyNode(`관리자 되돌리기 (${user.email})`);
    if (switched === 'no previous build') throw conflict('되돌릴 이전 빌드가 없습니다.');
    if (switched === 'no answer')
      throw new ApiError(
        503,
        '되돌리기를 요청했지만 사이트를 게시하는 서버가 15초 안에 답하지 않았습니다. 잠시 뒤에 공개 사이트를 확인해 주세요.',
      );
    const { before, live } = switched;
    await audit(db, {
      userId: user.id,
      action: 'rollback',
      entity: 'site',
      before: { live: before },
      after: { live },
    });
    return ok(c, { live });
  });

  return router;
}

async function associationId(db: import('../../db/database.ts').Db): Promise<number> {
  const row = await db
    .selectFrom('league_main')
    .select('id')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
