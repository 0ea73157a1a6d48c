import { extname } from 'node:path';

/**
 * The headers of the public site's files, in one place: the Node server sends them
 * (serve-site.ts) and the generated nginx config sends the same (nginx-config.ts), so that the two
 * cannot drift apart (docs/decisions/139).
 */

/** Headers a <meta> CSP cannot carry, sent with every static response. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy':
    "frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
};

/** Sent only over HTTPS (a TLS socket, or `X-Forwarded-Proto: https` from the proxy in front). */
export const HSTS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
};

export function securityHeaders(https: boolean): Record<string, string> {
  return https ? { ...SECURITY_HEADERS, ...HSTS } : { ...SECURITY_HEADERS };
}

/**
 * `Cache-Control` of each kind of answer. Pages: every cache, the browser's and a CDN's, asks
 * again each time, with the validator it holds (a 304 is a few hundred bytes), so a saved record
 * is on everyone's screen within a second without a purge (docs/decisions/139).
 */
export const CACHE_CONTROL = {
  /** Astro's content-hashed bundles under /_astro/: a new content has a new name */
  immutable: 'public, max-age=31536000, immutable',
  page: 'public, max-age=0, must-revalidate',
  /** the 404 page: an address may have a page after the next publish */
  notFound: 'no-store',
  /** an old address of a past season's page (`_redirects`) */
  redirect: 'public, max-age=300',
} as const;

/** Where Astro puts content-hashed bundles, relative to the site's root. */
export const IMMUTABLE_FOLDER = '_astro/';

/** A file's type by its extension, and whether it is text sent with `; charset=utf-8`. */
export const FILE_TYPES: Readonly<Record<string, { type: string; charset?: true }>> = {
  '.html': { type: 'text/html', charset: true },
  '.css': { type: 'text/css', charset: true },
  '.js': { type: 'text/javascript', charset: true },
  '.mjs': { type: 'text/javascript', charset: true },
  '.json': { type: 'application/json', charset: true },
  '.xml': { type: 'application/xml', charset: true },
  '.svg': { type: 'image/svg+xml' },
  '.txt': { type: 'text/plain', charset: true },
  '.ics': { type: 'text/calendar', charset: true },
  '.csv': { type: 'text/csv', charset: true },
  '.png': { type: 'image/png' },
  '.jpg': { type: 'image/jpeg' },
  '.jpeg': { type: 'image/jpeg' },
  '.gif': { type: 'image/gif' },
  '.webp': { type: 'image/webp' },
  '.ico': { type: 'image/x-icon' },
  '.woff2': { type: 'font/woff2' },
  '.webmanifest': { type: 'application/manifest+json' },
};

/** A file of unknown type. */
export const DEFAULT_TYPE = 'application/octet-stream';

/** The `Content-Type` of a file of the site, from its path. */
export function contentTypeOf(rel: string): string {
  const known = FILE_TYPES[extname(rel)];
  if (!known) return DEFAULT_TYPE;
  return known.charset ? `${known.type}; charset=utf-8` : known.type;
}
