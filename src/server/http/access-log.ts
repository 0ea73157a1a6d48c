import { type IncomingMessage, ServerResponse } from 'node:http';
import { logRequest, type RequestLine } from '../logger.ts';
import { requestIdFrom } from './request-id.ts';
import { rawHeaderIndex } from './raw-headers.ts';

/** One finished request, as the access log and the metrics see it. */
export interface FinishedRequest extends RequestLine {
  /** the route that answered (`/api/leagues/:id`), `site` for the public site */
  route: string;
}

const routes = new WeakMap<IncomingMessage, string>();

/** Names the route that answered a request (the Hono app's route pattern); see access-log.ts. */
export function setRoute(req: IncomingMessage, route: string): void {
  routes.set(req, route);
}

/** Answers the fast paths gave before the app saw the request. */
const fastRoute = (path: string) => (path.startsWith('/api/') ? 'api (kept answer)' : 'site');

/** The request's id: the client's `X-Request-Id` when well-formed, put where the app reads it. */
function takeRequestId(req: IncomingMessage): string {
  const raw = req.rawHeaders;
  const at = rawHeaderIndex(raw, 'x-request-id');
  const requestId = requestIdFrom(at === -1 ? undefined : raw[at]);
  // the app sees the id this log line carries, never a malformed one
  if (at === -1) raw.push('X-Request-Id', requestId);
  else raw[at] = requestId;
  return requestId;
}

function byteLength(chunk: unknown, encoding: unknown): number {
  if (typeof chunk === 'string')
    return Buffer.byteLength(
      chunk,
      typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8',
    );
  return chunk instanceof Uint8Array ? chunk.byteLength : 0;
}

type Finished = (r: FinishedRequest) => void;

// node constructs its answers with options (its buffer sizes) its types leave out
const NodeResponse = ServerResponse as unknown as new (
  req: IncomingMessage,
  options?: object,
) => ServerResponse<IncomingMessage>;

/**
 * Server options whose answers log themselves: every request gets a request id (the client's
 * `X-Request-Id` when well-formed, otherwise a new one), which every answer carries back and the
 * app reads from the same header; when the answer is sent, one access-log line names method,
 * path, status, duration, bytes and that id, and `after` gets the same. The answers are node's
 * own class with these methods added (its `ServerResponse` option): the fast paths' answers are
 * logged too, and a request makes no functions of its own (decision 127).
 */
export function accessLogged(after?: Finished) {
  function logClosed(this: LoggedResponse) {
    const req = this.req;
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const finished: FinishedRequest = {
      method: req.method ?? '',
      path,
      route: routes.get(req) ?? fastRoute(path),
      // a client gone before the answer: logged as nginx does, 499
      status: this.writableFinished ? this.statusCode : 499,
      durationMs: Math.round((performance.now() - this.started) * 10) / 10,
      bytes: this.bytesSent,
      requestId: this.requestId,
    };
    logRequest(finished);
    after?.(finished);
  }

  class LoggedResponse extends NodeResponse {
    readonly started = performance.now();
    readonly requestId: string;
    bytesSent = 0;

    constructor(req: IncomingMessage, options?: object) {
      super(req, options);
      this.requestId = takeRequestId(req);
      this.on('close', logClosed);
    }

    // The id joins the headers the answer gives (node calls writeHead for implicit headers too).
    // A setHeader beforehand would do the same, but it sends every header of every answer through
    // node's slow path of merging, a tenth of a static file's cost.
    override writeHead(status: number, ...rest: unknown[]): this {
      // writeHead(status, [statusMessage], [headers])
      const headersAt = typeof rest[0] === 'string' ? 1 : 0;
      const given = rest[headersAt];
      rest[headersAt] = Array.isArray(given)
        ? [...given, 'X-Request-Id', this.requestId]
        : { ...(given as object | undefined), 'X-Request-Id': this.requestId };
      return (super.writeHead as (...args: unknown[]) => this)(status, ...rest);
    }

    override write(chunk: unknown, ...rest: unknown[]): boolean {
      this.bytesSent += byteLength(chunk, rest[0]);
      return (super.write as (...args: unknown[]) => boolean)(chunk, ...rest);
    }

    override end(chunk?: unknown, ...rest: unknown[]): this {
      if (typeof chunk !== 'function') this.bytesSent += byteLength(chunk, rest[0]);
      return (super.end as (...args: unknown[]) => this)(chunk, ...rest);
    }
  }

  return { ServerResponse: LoggedResponse as unknown as typeof ServerResponse };
}
