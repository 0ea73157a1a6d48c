import { requireSignedIn } from '../../auth/permissions.ts';
import { ok } from '../../http/envelope.ts';
import { createRouter } from '../../http/router.ts';
import { publishStatus } from '../../services/publish-status.ts';
import * as routes from './publish.routes.ts';

/** /api/publish: the state of the static site's builds (the publisher writes, this reads). */
export function publishRouter() {
  const router = createRouter(routes);

  router.openapi(routes.status, async (c) => {
    const { limit } = c.req.valid('query');
    requireSignedIn(c);
    const compressing = c.var.deps.publisher?.status().compressing ?? 0;
    return ok(c, { ...(await publishStatus(c.var.deps.db, limit)), compressing });
  });

  return router;
}
