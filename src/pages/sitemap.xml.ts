import type { APIRoute } from 'astro';
import { absoluteUrl } from '../lib/paths.ts';
import { buildDb, publicOrigin } from '../server/read/build-db.ts';
import { readRouteIndex } from '../server/read/route-index.ts';
import { publicPagePaths } from '../server/read/page-list.ts';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** sitemap.xml with every public page (well under the 50,000 URLs one sitemap may hold for the demo; see the report for larger sites). */
export const GET: APIRoute = async () => {
  const origin = publicOrigin();
  const urls = publicPagePaths(await readRouteIndex(buildDb())).map(
    (path) => `  <url><loc>${escapeXml(absoluteUrl(path, origin))}</loc></url>`,
  );
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
