import type { APIRoute } from 'astro';
import { absoluteUrl } from '../lib/paths.ts';
import { publicOrigin } from '../server/read/build-db.ts';

/** robots.txt: the public portal is open to crawlers, the admin console and API are not. */
export const GET: APIRoute = () => {
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /api/',
    '',
    `Sitemap: ${absoluteUrl('/sitemap.xml', publicOrigin())}`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
