import { createRouter } from '../../http/router.ts';
import * as routes from './health.routes.ts';

/** /api/health: whether the server and its database answer (for monitors and start-up scripts). */
export function healthRouter() {
  const router = createRouter();

  router.openapi(routes.health, (c) => {
    const row = c.var.deps.sqlite.prepare('SELECT 1 AS up').get();
    const status = row?.up === 1 ? ('ok' as const) : ('degraded' as const);
    return c.json({ ok: true as const, data: { status, time: new Date().toISOString() } }, 200);
  });

  return router;
}
