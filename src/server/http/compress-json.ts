import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, gzip, gzipSync } from 'node:zlib';
import { brotliParams } from '../brotli-params.ts';
import { createMiddleware } from 'hono/factory';
import { negotiateEncoding } from './accept-encoding.ts';
import type { ContentEncoding } from './accept-encoding.ts';

/** Below this a compressed answer saves less than its headers and the CPU cost. */
export const MIN_COMPRESS_BYTES = 1024;

// Quality 5: most of brotli's gain on JSON at a few milliseconds for the largest answers.
const brotliOptions = (body: Uint8Array) => ({ params: brotliParams(body.byteLength, 5) });
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** One body in an encoding, on the main thread (for answers compressed once and kept). */
export function compressSync(body: Uint8Array, encoding: Exclude<ContentEncoding, 'identity'>) {
  return encoding === 'br' ? brotliCompressSync(body, brotliOptions(body)) : gzipSync(body);
}

const isJson = (type: string | null) =>
  type !== null && /^application\/(?:[\w.+-]+\+)?json\b/i.test(type);

/**
 * Compresses JSON answers of the API with brotli or gzip, as the client's Accept-Encoding
 * (q-values included) allows, when they are large enough to gain from it. Compression runs on
 * libuv's thread pool, not on the thread that answers requests.
 */
export const compressJson = createMiddleware(async (c, next) => {
  await next();
  const res = c.res;
  if (!isJson(res.headers.get('content-type')) || res.headers.has('content-encoding')) return;
  res.headers.append('Vary', 'Accept-Encoding');
  if (c.req.method === 'HEAD' || !res.body) return;
  const encoding = negotiateEncoding(c.req.header('accept-encoding'));
  if (encoding === 'identity') return;
  const body = new Uint8Array(await res.arrayBuffer());
  let sent: Uint8Array = body;
  if (body.byteLength >= MIN_COMPRESS_BYTES) {
    sent = encoding === 'br' ? await brotliAsync(body, brotliOptions(body)) : await gzipAsync(body);
    res.headers.set('Content-Encoding', encoding);
  }
  // Hono copies the old answer's headers onto the new one: they are set on the old one first
  res.headers.delete('Content-Length');
  c.res = new Response(sent as Uint8Array<ArrayBuffer>, {
    status: res.status,
    headers: res.headers,
  });
});
