import type { Db } from '../db/database.ts';

/**
 * Whether a sign-in is still open. A sign-in is a refresh-token family; its access tokens carry
 * the family as their `sid` claim, so ending the family (logout, a replayed refresh token, a new
 * password, a disabled account) ends its access tokens at once. The answer is checked on every
 * signed-in request, so it is kept in memory per database; whatever ends sign-ins calls
 * `forgetSessions` once its write has committed.
 */
interface Known {
  userId: number;
  open: boolean;
}

interface Cache {
  entries: Map<string, Known>;
  /** bumped by every forget: an answer read from the database before it is not kept */
  epoch: number;
}

/** Enough for every sign-in of a busy day; past it the cache starts over. */
const maxEntries = 10_000;
const caches = new WeakMap<Db, Cache>();

function cacheOf(db: Db): Cache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { entries: new Map(), epoch: 0 };
    caches.set(db, cache);
  }
  return cache;
}

/** True while the sign-in `sessionId` of the user has a refresh token that was not revoked. */
export async function sessionOpen(db: Db, sessionId: string, userId: number): Promise<boolean> {
  const cache = cacheOf(db);
  const known = cache.entries.get(sessionId);
  if (known) return known.open && known.userId === userId;
  const epoch = cache.epoch;
  const row = await db
    .selectFrom('refresh_tokens')
    .select('id')
    .where('family', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  const open = row !== undefined;
  // a logout that committed while this read was under way must not be undone by it
  if (cache.epoch === epoch) {
    if (cache.entries.size >= maxEntries) cache.entries.clear();
    cache.entries.set(sessionId, { userId, open });
  }
  return open;
}

/** Drops what is known about the given sign-ins, or about every sign-in of the user. */
export function forgetSessions(db: Db, which: { sessionId: string } | { userId: number }): void {
  const cache = cacheOf(db);
  cache.epoch++;
  if ('sessionId' in which) {
    cache.entries.delete(which.sessionId);
    return;
  }
  for (const [id, known] of cache.entries)
    if (known.userId === which.userId) cache.entries.delete(id);
}
