import type { IncomingMessage, RequestListener, ServerOptions, ServerResponse } from 'node:http';
import { bodyLimitClasses, bodyLimitFor } from './body-limits.ts';
import { rawHeader, rawHeaderIndex } from './raw-headers.ts';

/** The whole of a request (headers and body) must arrive within this, except an upload's. */
export const REQUEST_TIMEOUT_MS = 30_000;
/**
 * An upload's own bound: the largest file class (25 MB import) at about 2 Mbit/s. Node's
 * `requestTimeout` is this, for every request; `withRequestDeadline` cuts the others at 30 s.
 */
export const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * Options of the node server: headers within 10 s, a whole request within the upload bound (30 s
 * for the rest, below), an idle kept-alive connection closed after 5 s. Node checks the first two
 * every `connectionsCheckingInterval` (30 s unless set), so a slow client is cut within a second.
 */
export const serverTimeouts: ServerOptions = {
  headersTimeout: 10_000,
  requestTimeout: UPLOAD_TIMEOUT_MS,
  keepAliveTimeout: 5_000,
  connectionsCheckingInterval: 1_000,
};

// the routes whose bodies may be larger than the default are the uploads (and the import)
const defaultMaxBytes = bodyLimitClasses.at(-1)!.maxBytes;
const isUpload = (url: string) => bodyLimitFor(url.split('?')[0]) > defaultMaxBytes;

const timeoutBody = JSON.stringify({
  ok: false,
  message: '요청을 받는 데 너무 오래 걸렸습니다. 다시 시도해 주세요.',
});

/** Whether a request announces a body. */
function hasBody(raw: readonly string[]): boolean {
  const length = rawHeader(raw, 'content-length');
  return (
    rawHeaderIndex(raw, 'transfer-encoding') !== -1 || (length !== undefined && length !== '0')
  );
}

/**
 * Cuts a request whose body has not fully arrived within 30 s (uploads have until node's own
 * `requestTimeout`): a 408 if nothing was answered yet, then the connection is closed, so a
 * client trickling a body cannot hold a socket and the request's memory for minutes.
 */
export function withRequestDeadline(listener: RequestListener): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (hasBody(req.rawHeaders) && !isUpload(req.url ?? '')) {
      const timer = setTimeout(() => {
        if (req.complete) return;
        if (!res.headersSent)
          res.writeHead(408, {
            'content-type': 'application/json',
            'cache-control': 'no-store',
            connection: 'close',
          });
        res.end(timeoutBody);
        req.socket.destroy();
      }, REQUEST_TIMEOUT_MS);
      timer.unref();
      res.once('close', () => clearTimeout(timer));
      req.once('end', () => clearTimeout(timer));
    }
    listener(req, res);
  };
}
