import type { Context } from 'hono';
import type { LoadedSite, StaticFile } from './static-site.ts';
import { resolveFile } from './static-site.ts';

/** Headers a <meta> CSP cannot carry, sent with every static response. */
export function securityHeaders(c: Context, https: boolean): void {
  c.header('Content-Security-Policy', "frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'");
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  c.header('X-Frame-Options', 'DENY');
  c.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
  if (https) c.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}

function pickEncoding(file: StaticFile, accept: string): { body: Buffer; encoding?: 'br' | 'gzip' } {
  if (file.br && /\bbr\b/.test(accept)) return { body: file.br, encoding: 'br' };
  if (file.gzip && /\bgzip\b/.test(accept)) return { body: file.gzip, encoding: 'gzip' };
  return { body: file.body };
}

/** Sends one in-memory file with ETag/304, the right caching and a precompressed body when accepted. */
export function sendFile(c: Context, file: StaticFile, status: 200 | 404 | 503 = 200): Response {
  const https = c.req.header('x-forwarded-proto') === 'https' || new URL(c.req.url).protocol === 'https:';
  securityHeaders(c, https);
  c.header('Content-Type', file.type);
  c.header('Vary', 'Accept-Encoding');
  c.header('Cache-Control', file.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate');
  if (status !== 200) c.header('Cache-Control', 'no-store');
  c.header('ETag', file.etag);
  if (status === 200 && c.req.header('if-none-match') === file.etag) return c.body(null, 304);
  const { body, encoding } = pickEncoding(file, c.req.header('accept-encoding') ?? '');
  if (encoding) c.header('Content-Encoding', encoding);
  c.header('Content-Length', String(body.length));
  if (c.req.method === 'HEAD') return c.body(null, status);
  return c.body(body as Uint8Array<ArrayBuffer>, status);
}

const notBuiltYet = `<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta http-equiv="refresh" content="5"><title>사이트를 준비하고 있습니다</title></head><body><main><h1>사이트를 준비하고 있습니다</h1><p>잠시 후 자동으로 새로 고칩니다.</p></main></body></html>`;

/** Serves the live build: pages, the admin shell for every /admin path, and the Korean 404. */
export function serveSite(getSite: () => LoadedSite | null) {
  return (c: Context): Response => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return c.text('Method Not Allowed', 405);
    const site = getSite();
    const path = c.req.path;
    if (!site) {
      c.header('Retry-After', '5');
      securityHeaders(c, false);
      c.header('Cache-Control', 'no-store');
      return c.html(notBuiltYet, 503);
    }
    // Which build answered: every response comes whole from one build, the live one when it started.
    c.header('X-Build', site.id);
    const file = resolveFile(site, path);
    if (file) return sendFile(c, file);
    if (path === '/admin' || path.startsWith('/admin/')) {
      const shell = site.files.get('/admin/index.html');
      if (shell) return sendFile(c, shell);
    }
    const notFound = site.files.get('/404.html');
    if (notFound) return sendFile(c, notFound, 404);
    return c.text('페이지를 찾을 수 없습니다.', 404);
  };
}
