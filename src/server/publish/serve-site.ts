import { open, readFile, stat } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable, pipeline } from 'node:stream';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Context } from 'hono';
import { getRequestListener } from '@hono/node-server';
import { LRUCache } from 'lru-cache';
import type { LoadedSite, StaticFile, Variant } from './static-site.ts';
import { diskPath, etagOf, resolveFile } from './static-site.ts';
import { redirectFor } from './redirects.ts';
import { FileCache } from './file-cache.ts';
import { type ContentEncoding, negotiateEncoding } from '../http/accept-encoding.ts';
import { rawHeader } from '../http/raw-headers.ts';
import { logger } from '../logger.ts';
import { CACHE_CONTROL, securityHeaders } from './site-headers.ts';

const gzipAsync = promisify(gzip);

/** The cache of a server that names none (tests, tools): the default size. */
const sharedCache = new FileCache();

/** What one request needs to know; the same for Hono's Request and node's IncomingMessage. */
interface SiteRequest {
  method: string;
  path: string;
  acceptEncoding: string;
  ifNoneMatch: string | undefined;
  https: boolean;
}

/** A file's bytes to send: in memory, or an open file on disk to stream (too large for the cache). */
type FileBody = Buffer | { stream: FileHandle };

interface SiteResponse {
  status: number;
  headers: Record<string, string>;
  body: FileBody | string | null;
}

// The headers of a file depend only on the file, its encoding, its status, HTTPS, the build
// answering and the variant's length: made once per combination and kept for the files asked for
// most (a few hundred bytes each: kept for every file of the bench association, they held 14 MB).
// A file the next build reuses keeps its entry; the build id in it is then made again once, and
// so are they after a variant was recompressed.
const headerCache = new LRUCache<
  StaticFile,
  Map<string, { build: string; length: number; headers: Record<string, string> }>
>({ max: 2048 });

function fileHeaders(
  file: StaticFile,
  build: string,
  encoding: ContentEncoding,
  status: number,
  https: boolean,
  length: number,
): Record<string, string> {
  let perFile = headerCache.get(file);
  if (!perFile) {
    perFile = new Map();
    headerCache.set(file, perFile);
  }
  const key = `${encoding}${status}${https ? 's' : ''}`;
  const made = perFile.get(key);
  if (made?.build === build && made.length === length) return made.headers;
  const headers: Record<string, string> = {
    ...securityHeaders(https),
    'Content-Type': file.type,
    Vary: 'Accept-Encoding',
    'Cache-Control':
      status === 404
        ? CACHE_CONTROL.notFound
        : file.immutable
          ? CACHE_CONTROL.immutable
          : CACHE_CONTROL.page,
    ETag: etagOf(file, encoding),
    // none on a 304: a cache that stored the body decoded would take it for a change of coding
    // (RFC 9111, 3.2)
    ...(encoding === 'identity' || status === 304 ? {} : { 'Content-Encoding': encoding }),
    ...(status === 304 ? {} : { 'Content-Length': String(length) }),
    // Which build answered: every response comes whole from one build, the live one when it started.
    'X-Build': build,
  };
  perFile.set(key, { build, length, headers });
  return headers;
}

/**
 * The variant a client gets: brotli or gzip when it accepts them and the file has them; null for
 * gzip made on demand, for a file with brotli but no gzip on disk (every blob since decision 132).
 * A file too large for the cache gets none: it would be compressed again on every ask.
 */
function pickEncoding(
  file: StaticFile,
  accept: string,
  cache: FileCache,
): { variant: Variant | null; encoding: ContentEncoding } {
  if (file.blob.br === undefined) return { variant: 'identity', encoding: 'identity' };
  const encoding = negotiateEncoding(accept);
  if (encoding === 'br') return { variant: 'br', encoding: 'br' };
  if (encoding === 'gzip' && file.blob.gz !== undefined) return { variant: 'gz', encoding: 'gzip' };
  if (encoding === 'gzip' && !cache.streams(file.blob.n))
    return { variant: null, encoding: 'gzip' };
  return { variant: 'identity', encoding: 'identity' };
}

/** The bytes of a file's variant, from the hot-file cache or the disk. */
const bytesOf = (site: LoadedSite, file: StaticFile, variant: Variant, cache: FileCache) =>
  cache.get(file.blob.h, variant) ??
  cache.load(file.blob.h, variant, diskPath(site, file, variant));

/**
 * The gzip variant of a file that has none on disk, made on demand and kept in the cache from its
 * second ask. Its bytes are read past the cache: a gzip ask is not an ask of the bytes themselves.
 */
function gzipOf(site: LoadedSite, cache: FileCache, file: StaticFile): Buffer | Promise<Buffer> {
  return (
    cache.get(file.blob.h, 'gz') ??
    cache.make(file.blob.h, 'gz', async () =>
      gzipAsync(
        cache.get(file.blob.h, 'identity') ?? (await readFile(diskPath(site, file, 'identity'))),
        { level: 6 },
      ),
    )
  );
}

const etagMatches = (header: string, etag: string) =>
  header === etag ||
  header === '*' ||
  header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);

/** `f` of a value, at once when it is there, else when its promise resolves. */
const then = <T, R>(value: T | Promise<T>, f: (v: T) => R): R | Promise<R> =>
  value instanceof Promise ? value.then(f) : f(value);

/**
 * One file with ETag/304, the right caching and a precompressed body when accepted. A file in the
 * hot-file cache is answered at once, without a promise: that is most of the public traffic.
 */
function fileResponse(
  site: LoadedSite,
  file: StaticFile,
  req: SiteRequest,
  cache: FileCache,
  status: 200 | 404 = 200,
): SiteResponse | Promise<SiteResponse> {
  const { variant, encoding } = pickEncoding(file, req.acceptEncoding, cache);
  if (
    status === 200 &&
    req.ifNoneMatch !== undefined &&
    etagMatches(req.ifNoneMatch, etagOf(file, encoding))
  ) {
    return {
      status: 304,
      headers: fileHeaders(file, site.id, encoding, 304, req.https, 0),
      body: null,
    };
  }
  // The length sent is that of the bytes as they are now, never the manifest's record: a blob's
  // `.br` may since have been replaced by a smaller one (recompress-queue.ts), and a
  // Content-Length longer than the body leaves the client waiting for bytes that never come.
  const respond = (body: FileBody | null, length: number): SiteResponse => ({
    status,
    headers: fileHeaders(file, site.id, encoding, status, req.https, length),
    body: req.method === 'HEAD' ? null : body,
  });
  if (variant === null)
    return then(gzipOf(site, cache, file), (body) => respond(body, body.length));
  const size = variant === 'identity' ? file.blob.n : (file.blob[variant] ?? file.blob.n);
  if (!cache.streams(size))
    return then(bytesOf(site, file, variant, cache), (body) => respond(body, body.length));
  return streamed(diskPath(site, file, variant), req.method === 'HEAD').then((s) =>
    respond(s.body, s.length),
  );
}

/** A file too large for the cache: its length, and unless for a HEAD its open file to stream. */
async function streamed(
  path: string,
  head: boolean,
): Promise<{ body: FileBody | null; length: number }> {
  if (head) return { body: null, length: (await stat(path)).size };
  // the open file is the one streamed: a replacement renamed over it meanwhile changes neither
  const handle = await open(path);
  try {
    return { body: { stream: handle }, length: (await handle.stat()).size };
  } catch (err) {
    await handle.close();
    throw err;
  }
}

const notBuiltYet = `<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta http-equiv="refresh" content="5"><title>사이트를 준비하고 있습니다</title></head><body><main><h1>사이트를 준비하고 있습니다</h1><p>잠시 후 자동으로 새로 고칩니다.</p></main></body></html>`;

/** The answer of the live build to one request: a page, a redirect, the admin shell for every /admin path, or the Korean 404. */
async function siteResponse(
  site: LoadedSite | null,
  req: SiteRequest,
  cache: FileCache,
): Promise<SiteResponse> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return {
      status: 405,
      headers: {
        ...securityHeaders(req.https),
        Allow: 'GET, HEAD',
        'Content-Type': 'text/plain; charset=utf-8',
      },
      body: 'Method Not Allowed',
    };
  }
  if (!site) {
    return {
      status: 503,
      headers: {
        ...securityHeaders(req.https),
        'Retry-After': '5',
        'Cache-Control': 'no-store',
        'Content-Type': 'text/html; charset=UTF-8',
      },
      body: req.method === 'HEAD' ? null : notBuiltYet,
    };
  }
  const file = resolveFile(site, req.path);
  if (file) return fileResponse(site, file, req, cache);
  // an old address of a past season's page: to its season copy (the build's _redirects)
  const to = redirectFor(site, req.path);
  if (to)
    return {
      status: 301,
      headers: {
        ...securityHeaders(req.https),
        Location: to,
        'Cache-Control': CACHE_CONTROL.redirect,
        'X-Build': site.id,
      },
      body: null,
    };
  if (req.path === '/admin' || req.path.startsWith('/admin/')) {
    const shell = site.files.get('/admin/index.html');
    if (shell) return fileResponse(site, shell, req, cache);
  }
  const notFound = site.files.get('/404.html');
  if (notFound) return fileResponse(site, notFound, req, cache, 404);
  return {
    status: 404,
    headers: {
      ...securityHeaders(req.https),
      'X-Build': site.id,
      'Content-Type': 'text/plain; charset=utf-8',
    },
    body: req.method === 'HEAD' ? null : '페이지를 찾을 수 없습니다.',
  };
}

/** A blob that could not be read (deleted under a rollback's feet, a disk error): a plain 503. */
const unavailable = (https: boolean): SiteResponse => ({
  status: 503,
  headers: {
    ...securityHeaders(https),
    'Retry-After': '1',
    'Cache-Control': 'no-store',
    'Content-Type': 'text/plain; charset=utf-8',
  },
  body: '잠시 후 다시 시도해 주세요.',
});

/** Serves the live build through Hono: everything the fast path leaves (admin shell, 404, 503). */
export function serveSite(getSite: () => LoadedSite | null, cache: FileCache = sharedCache) {
  return async (c: Context): Promise<Response> => {
    const https =
      c.req.header('x-forwarded-proto') === 'https' || new URL(c.req.url).protocol === 'https:';
    const r = await siteResponse(
      getSite(),
      {
        method: c.req.method,
        path: c.req.path,
        https,
        acceptEncoding: c.req.header('accept-encoding') ?? '',
        ifNoneMatch: c.req.header('if-none-match'),
      },
      cache,
    ).catch((err: Error) => {
      logger.warn('static file unreadable', { error: err.message });
      return unavailable(https);
    });
    const body =
      r.body === null
        ? null
        : typeof r.body === 'string'
          ? r.body
          : Buffer.isBuffer(r.body)
            ? (r.body as Uint8Array<ArrayBuffer>)
            : (Readable.toWeb(r.body.stream.createReadStream()) as ReadableStream);
    return new Response(body, { status: r.status, headers: r.headers });
  };
}

/** Writes a response on node's response: bytes at once, a large file streamed from disk. */
function send(res: ServerResponse, r: SiteResponse): void {
  const body = r.body;
  const file = body === null || typeof body === 'string' || Buffer.isBuffer(body) ? null : body;
  // A client gone while its file was being opened: node's pipeline refuses a closed response (it
  // throws, and the server would go down with it), and the open file is ours to close.
  if (res.destroyed || res.closed) {
    file?.stream.close().catch(() => undefined);
    return;
  }
  res.writeHead(r.status, r.headers);
  if (!file) {
    res.end(body ?? undefined);
    return;
  }
  // a client gone before the end closes the file too
  pipeline(file.stream.createReadStream(), res, () => {});
}

/**
 * The static server's fast path, on node's request before Hono sees it: a GET or HEAD for a file
 * of the live build is answered from the hot-file cache or the disk with headers made once per
 * file. This is most of the public traffic, and Hono's Request/Response objects would cost more
 * than the rest of the answer. Anything else (the API, uploads, the admin shell, 404s) returns
 * false and goes on to Hono. A file path can never shadow an API route: builds hold no /api or
 * /uploads folder.
 */
export function siteFastPath(getSite: () => LoadedSite | null, cache: FileCache = sharedCache) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const url = req.url ?? '';
    if (url.charCodeAt(0) !== 47 /* / */ || url.startsWith('/api/') || url.startsWith('/uploads/'))
      return false;
    const site = getSite();
    if (!site) return false;
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const file = resolveFile(site, path);
    if (!file) return false;
    const raw = req.rawHeaders;
    const acceptEncoding = rawHeader(raw, 'accept-encoding') ?? '';
    const ifNoneMatch = rawHeader(raw, 'if-none-match');
    const https =
      Boolean((req.socket as { encrypted?: boolean }).encrypted) ||
      rawHeader(raw, 'x-forwarded-proto') === 'https';
    const failed = (err: Error) => {
      logger.warn('static file unreadable', { error: err.message });
      send(res, unavailable(https));
    };
    let r: SiteResponse | Promise<SiteResponse>;
    try {
      r = fileResponse(site, file, { method, path, acceptEncoding, ifNoneMatch, https }, cache);
    } catch (err) {
      failed(err as Error);
      return true;
    }
    if (r instanceof Promise) r.then((answer) => send(res, answer), failed);
    else send(res, r);
    return true;
  };
}

/**
 * The node request listener of the server: each fast path may answer a request straight from
 * memory (files of the live build, kept API answers); whatever they leave goes to the Hono app.
 */
export function nodeListener(
  fetch: (request: Request) => Response | Promise<Response>,
  fastPaths: ((req: IncomingMessage, res: ServerResponse) => boolean)[],
  hostname?: string,
) {
  const rest = getRequestListener(fetch, { hostname });
  return (req: IncomingMessage, res: ServerResponse): void => {
    for (const fast of fastPaths) if (fast(req, res)) return;
    void rest(req, res);
  };
}
