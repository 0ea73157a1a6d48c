import type { APIRoute, GetStaticPaths } from 'astro';
import { buildDb } from '../server/read/build-db.ts';
import { readRouteIndex } from '../server/read/route-index.ts';
import { forwardRules, redirectsFile } from '../server/read/redirect-rules.ts';

// Astro skips files whose name starts with `_`, so the rules file `/_redirects` is the one value of
// a dynamic route at the root. It has no cache key: it is small and written by every build.
export const getStaticPaths = (() => [
  { params: { redirects: '_redirects' } },
]) satisfies GetStaticPaths;

/** The build's redirect rules (src/server/read/redirect-rules.ts), read by the server and by static hosts. */
export const GET: APIRoute = async () => {
  const body = redirectsFile(forwardRules(await readRouteIndex(buildDb())));
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
