import type { Db } from '../db/database.ts';
import type { Config } from '../config.ts';

/**
 * When each sign-in last made a request, for the idle limit of console sessions
 * (ADMIN_IDLE_MINUTES, decision 147). Kept in memory, not written per request: a write on every
 * call would cost the one write thread and drop the kept anonymous answers (read-cache.ts). The
 * refresh rule takes the later of this and the sign-in's last refresh, which the database keeps;
 * after a restart only the refresh is known, so the rule can end a sign-in a little early, never
 * late.
 */
const maxEntries = 10_000;
const seen = new WeakMap<Db, Map<string, number>>();

function mapOf(db: Db): Map<string, number> {
  let map = seen.get(db);
  if (!map) {
    map = new Map();
    seen.set(db, map);
  }
  return map;
}

/** The idle limit of a sign-in (ADMIN_IDLE_MINUTES), in milliseconds. */
export const idleMsOf = (config: Pick<Config, 'ADMIN_IDLE_MINUTES'>) =>
  config.ADMIN_IDLE_MINUTES * 60_000;

/** Notes a request of the sign-in at `now`. */
export function noteActivity(db: Db, sessionId: string, now = Date.now()): void {
  const map = mapOf(db);
  // past the bound it starts over: the refresh times in the database are the floor
  if (map.size >= maxEntries && !map.has(sessionId)) map.clear();
  map.set(sessionId, now);
}

/** The last request of the sign-in seen since the start, if any. */
export function lastActivity(db: Db, sessionId: string): number | undefined {
  return seen.get(db)?.get(sessionId);
}

/** Whether the sign-in has been idle past the limit, its last refresh at `lastRefresh` (ms). */
export function idleTooLong(
  db: Db,
  sessionId: string,
  lastRefresh: number,
  idleMs: number,
  now = Date.now(),
): boolean {
  return now - Math.max(lastActivity(db, sessionId) ?? 0, lastRefresh) > idleMs;
}
