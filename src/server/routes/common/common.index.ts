import { createRouter } from '../../http/router.ts';
import { ok } from '../../http/envelope.ts';
import { publicConfig } from '../../services/league-main.ts';
import * as routes from './common.routes.ts';

/** /api/common: the public configuration every screen loads first. */
export function commonRouter() {
  const router = createRouter(routes);

  router.openapi(routes.config, async (c) => ok(c, await publicConfig(c.var.deps.db)));

  return router;
}
