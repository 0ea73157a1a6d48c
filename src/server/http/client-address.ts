import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';

/** The address a request came from, as throttles count it. */
export function clientAddress(c: Context<AppEnv>): string {
  // Behind a reverse proxy every request comes from the proxy; it tells the real client instead.
  if (c.var.deps.config.TRUST_PROXY) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').pop()?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'local';
  }
}
