import type { Db } from '../db/database.ts';

/**
 * Caches a read per database and arguments for the length of a build: many pages ask for the same
 * standings or roster, and the build's database is a fixed snapshot.
 */
export function memoByDb<A extends (string | number | null)[], R>(read: (db: Db, ...args: A) => Promise<R>): (db: Db, ...args: A) => Promise<R> {
  const caches = new WeakMap<Db, Map<string, Promise<R>>>();
  return (db, ...args) => {
    let cache = caches.get(db);
    if (!cache) caches.set(db, (cache = new Map()));
    const key = JSON.stringify(args);
    let hit = cache.get(key);
    if (!hit) {
      hit = read(db, ...args);
      cache.set(key, hit);
      hit.catch(() => cache.delete(key));
    }
    return hit;
  };
}
