import { createReadStream, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { Context, Handler } from 'hono';
import type { Db } from '../../db/database.ts';
import { draftFileLinkValid } from '../../http/draft-file-link.ts';
import { dataPaths } from '../../ops/data-paths.ts';

/** Files under this URL prefix are served from `${sharedDir}/uploads`. */
export const uploadsPrefix = '/uploads/';

// Upload paths are chosen by the server (services/uploads.ts): `YYYY/MM/<hex>.<ext>`.
const SAFE_PATH = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*\.[A-Za-z0-9]{1,10}$/;

const notFoundText = '파일을 찾을 수 없습니다.';

function notFound(c: Context) {
  c.header('Cache-Control', 'no-store');
  c.header('X-Content-Type-Options', 'nosniff');
  return c.text(notFoundText, 404);
}

/** `attachment; filename="…"; filename*=UTF-8''…` with an ASCII fallback for old clients. */
export function contentDisposition(type: 'inline' | 'attachment', originalName: string): string {
  const ascii = originalName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_') || 'file';
  const encoded = encodeURIComponent(originalName).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Serves uploaded files (`GET /uploads/<path>`, HEAD too) from `${sharedDir}/uploads`: only files
 * recorded in the `uploads` table, with the type recorded there, `nosniff`, images inline and
 * everything else as a download. Unknown paths and traversal attempts get 404.
 *
 * An attachment of a draft notice is served only through the signed link its editors get
 * (`http/draft-file-link.ts`, signed with `secret`) until the notice is published; otherwise it
 * does not exist (404), like the draft itself.
 *
 * `db` may be left out when the handler runs behind middleware that sets `c.var.deps`.
 */
export function serveUploads(sharedDir: string, db?: Db, secret?: string): Handler {
  const root = resolve(dataPaths(sharedDir).uploads);
  return async (c) => {
    const database: Db | undefined = db ?? (c.var as { deps?: { db: Db } }).deps?.db;
    if (!database) throw new Error('serveUploads needs a database');
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      c.header('Allow', 'GET, HEAD');
      return c.text('허용되지 않는 요청입니다.', 405);
    }
    const url = new URL(c.req.url);
    const at = url.pathname.indexOf(uploadsPrefix);
    if (at !== 0) return notFound(c);
    let relative: string;
    try {
      relative = decodeURIComponent(url.pathname.slice(uploadsPrefix.length));
    } catch {
      return notFound(c);
    }
    if (
      !SAFE_PATH.test(relative) ||
      relative.split('/').some((part) => part === '.' || part === '..')
    )
      return notFound(c);
    const absolute = resolve(join(root, relative));
    if (!absolute.startsWith(root + sep)) return notFound(c);

    const row = await database
      .selectFrom('uploads')
      .select(['id', 'path', 'original_name', 'mime', 'size', 'sha256'])
      .where('path', '=', relative)
      .executeTakeFirst();
    if (!row) return notFound(c);
    const ofDraft = await database
      .selectFrom('notice_attachments')
      .innerJoin('notices', 'notices.wr_id', 'notice_attachments.wr_id')
      .select('notices.wr_id')
      .where('notice_attachments.upload_id', '=', row.id)
      .where('notices.draft', '=', 1)
      .executeTakeFirst();
    if (ofDraft && !(secret && draftFileLinkValid(relative, url.searchParams, secret)))
      return notFound(c);
    let size: number;
    try {
      const stat = statSync(absolute);
      if (!stat.isFile()) return notFound(c);
      size = stat.size;
    } catch {
      return notFound(c);
    }

    const etag = `"${row.sha256}"`;
    const image = row.mime.startsWith('image/');
    const headers: Record<string, string> = {
      'Content-Type': /^text\//.test(row.mime) ? `${row.mime}; charset=utf-8` : row.mime,
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': contentDisposition(image ? 'inline' : 'attachment', row.original_name),
      // The name is random and a path's content never changes; a draft's file stays out of caches.
      'Cache-Control': ofDraft ? 'private, no-store' : 'public, max-age=31536000, immutable',
      ETag: etag,
      // Nothing in an uploaded file may run as part of this origin.
      'Content-Security-Policy':
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    };
    const inm = c.req.header('if-none-match');
    if (inm?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      return new Response(null, {
        status: 304,
        headers: { ETag: etag, 'Cache-Control': headers['Cache-Control'] },
      });
    }
    headers['Content-Length'] = String(size);
    if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
    const body = Readable.toWeb(createReadStream(absolute)) as ReadableStream<Uint8Array>;
    return new Response(body, { status: 200, headers });
  };
}
