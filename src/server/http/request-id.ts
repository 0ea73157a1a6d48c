import { randomUUID } from 'node:crypto';

// What a proxy or client commonly sends (UUIDs, trace ids, nginx's $request_id): letters, digits
// and a few separators, at most 128 characters. Anything else could forge log lines or bloat them.
const WELL_FORMED = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/** The request id of one request: the client's `X-Request-Id` when well-formed, else a new UUID. */
export function requestIdFrom(header: string | undefined): string {
  return header !== undefined && WELL_FORMED.test(header) ? header : randomUUID();
}
