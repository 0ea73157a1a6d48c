import type { IncomingMessage, ServerResponse } from 'node:http';
import { log } from '../logger.ts';
import { requestIdFrom } from './request-id.ts';
import { rawHeaderIndex } from './raw-headers.ts';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** One finished request, as the access log and the metrics see it. */
export interface FinishedRequest {
  method: string;
  /** the path without its query (a query may carry a token) */
  path: string;
  /** the route that answered (`/api/leagues/:id`), `site` for the public site */
  route: string;
  status: number;
  durationMs: number;
  bytes: number;
  requestId: string;
}

const routes = new WeakMap<IncomingMessage, string>();

/** Names the route that answered a request (the Hono app's route pattern); see access-log.ts. */
export function setRoute(req: IncomingMessage, route: string): void {
  routes.set(req, route);
}

/** Answers the fast paths gave before the app saw the request. */
const fastRoute = (path: string) => (path.startsWith('/api/') ? 'api (kept answer)' : 'site');

/**
 * Wraps the server's node listener: every request gets a request id (the client's `X-Request-Id`
 * when well-formed, otherwise a new one), which every answer carries back and the app reads from
 * the same header; when the answer is sent, one access-log line names method, path, status,
 * duration, bytes and that id. It sits outside the fast paths so their answers are logged too.
 */
export function withAccessLog(listener: Listener, after?: (r: FinishedRequest) => void): Listener {
  return (req, res) => {
    const started = performance.now();
    const raw = req.rawHeaders;
    const at = rawHeaderIndex(raw, 'x-request-id');
    const requestId = requestIdFrom(at === -1 ? undefined : raw[at]);
    // the app sees the id this log line carries, never a malformed one
    if (at === -1) raw.push('X-Request-Id', requestId);
    else raw[at] = requestId;

    let bytes = 0;
    const writeHead = res.writeHead;
    const write = res.write;
    const end = res.end;
    // The id joins the headers the answer gives (node calls writeHead for implicit headers too).
    // A setHeader beforehand would do the same, but it sends every header of every answer through
    // node's slow path of merging, a tenth of a static file's cost.
    res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
      // writeHead(status, [statusMessage], [headers])
      const headersAt = typeof rest[0] === 'string' ? 1 : 0;
      const given = rest[headersAt];
      rest[headersAt] = Array.isArray(given)
        ? [...given, 'X-Request-Id', requestId]
        : { ...(given as object | undefined), 'X-Request-Id': requestId };
      return writeHead.apply(this, [status, ...rest] as Parameters<typeof writeHead>);
    } as typeof res.writeHead;
    const count = (chunk: unknown, encoding: unknown) => {
      if (typeof chunk === 'string')
        bytes += Buffer.byteLength(
          chunk,
          typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8',
        );
      else if (chunk instanceof Uint8Array) bytes += chunk.byteLength;
    };
    res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      count(chunk, rest[0]);
      return write.apply(this, [chunk, ...rest] as Parameters<typeof write>);
    } as typeof res.write;
    res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      if (typeof chunk !== 'function') count(chunk, rest[0]);
      return end.apply(this, [chunk, ...rest] as Parameters<typeof end>);
    } as typeof res.end;

    res.once('close', () => {
      const url = req.url ?? '';
      const q = url.indexOf('?');
      const path = q === -1 ? url : url.slice(0, q);
      const finished: FinishedRequest = {
        method: req.method ?? '',
        path,
        route: routes.get(req) ?? fastRoute(path),
        // a client gone before the answer: logged as nginx does, 499
        status: res.writableFinished ? res.statusCode : 499,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        bytes,
        requestId,
      };
      log.info(
        {
          reqId: requestId,
          method: finished.method,
          path,
          status: finished.status,
          ms: finished.durationMs,
          bytes,
        },
        'request',
      );
      after?.(finished);
    });
    listener(req, res);
  };
}
