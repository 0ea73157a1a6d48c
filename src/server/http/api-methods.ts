import type { MiddlewareHandler } from 'hono';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * Answers a request under /api that no route takes before anything else looks at it: an unknown
 * path is a JSON 404, a known path asked with another method a JSON 405 with `Allow` (an OPTIONS
 * request gets the `Allow` alone). Without this the request would fall through to the static
 * site's HTML 404 and plain-text 405, or to the sign-in check's 401 for a method no route has.
 *
 * `routes` are the API app's routes (paths relative to where it is mounted, `mount`); they are
 * read on the first request, when every route is registered. Hono's own routers match them, so a
 * path counts as known exactly when Hono would route it.
 */
export function apiMethods(
  mount: string,
  routes: () => readonly { method: string; path: string }[],
): MiddlewareHandler {
  let router: SmartRouter<true> | undefined;
  const table = () => {
    if (router) return router;
    router = new SmartRouter<true>({ routers: [new RegExpRouter(), new TrieRouter()] });
    // middleware is registered for ALL methods; only routes say which methods a path takes
    for (const r of routes()) if (r.method !== 'ALL') router.add(r.method, r.path, true);
    return router;
  };
  return async (c, next) => {
    const path = c.req.path.slice(mount.length) || '/';
    const allowed = METHODS.filter((m) => table().match(m, path)[0].length > 0);
    if (allowed.length === 0)
      return c.json({ ok: false, message: '요청한 API를 찾을 수 없습니다.' }, 404);
    const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
    if ((allowed as readonly string[]).includes(method)) return next();
    const allow = [
      ...allowed.flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m])),
      'OPTIONS',
    ].join(', ');
    if (method === 'OPTIONS') return c.body(null, 204, { Allow: allow });
    return c.json(
      {
        ok: false,
        message: `이 주소는 ${method} 요청을 받지 않습니다. 받는 요청: ${allowed.join(', ')}`,
      },
      405,
      { Allow: allow },
    );
  };
}
