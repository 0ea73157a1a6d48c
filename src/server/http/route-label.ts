import type { IncomingMessage } from 'node:http';
import { createMiddleware } from 'hono/factory';
import { routePath } from 'hono/route';
import { setRoute } from './access-log.ts';

/**
 * Tells the access log and the metrics which route answered (`/api/leagues/:id`, never the raw
 * path, so metric labels stay few). Outside a node server (app.request in tests) there is no
 * incoming message and nothing to name.
 */
export const routeLabel = createMiddleware(async (c, next) => {
  await next();
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming) return;
  // after next(), the index is that of the handler that answered
  const route = routePath(c);
  setRoute(incoming, route === '*' || route === '/*' ? 'site' : route);
});
