import type { KyselyPlugin } from 'kysely';
import type { Db } from '../db/database.ts';
import { keysScope } from './build-db.ts';
import { noteDeps, untracked } from './read-deps.ts';
import type { DepsOf } from './read-deps.ts';

/**
 * Caches a read per database and arguments for the length of a build: many pages ask for the same
 * standings or roster, and the build's database is a fixed snapshot.
 *
 * `deps` names the data keys of a result (read-deps.ts): a page being rendered records them on every
 * call, cached or not; the read's own inner reads record nothing. A read without `deps` makes the
 * page depend on everything.
 *
 * `scope` names what the cache lives with: the handle by default; a read that several handles may
 * share (the set of pages, build-db.ts `pathsScope`) names something that outlives them.
 */
export function memoByDb<A extends (string | number | null)[], R>(
  read: (db: Db, ...args: A) => Promise<R>,
  deps?: DepsOf<A, R>,
  scope: (db: Db, args: A) => object = (db) => db,
): (db: Db, ...args: A) => Promise<R> {
  const caches = new WeakMap<object, Map<string, Promise<R>>>();
  return (db, ...args) => {
    const owner = scope(db, args);
    let cache = caches.get(owner);
    if (!cache) {
      cache = new Map();
      caches.set(owner, cache);
    }
    const key = JSON.stringify(args);
    let hit = cache.get(key);
    if (!hit) {
      hit = untracked(() => read(db, ...args));
      cache.set(key, hit);
      hit.catch(() => cache.delete(key));
    }
    noteDeps(hit, args, deps);
    return hit;
  };
}

/**
 * `memoByDb` for a read whose result is the data its keys name and nothing else (no other data,
 * no date): a renderer keeps it between render jobs until a change names one of its keys
 * (build-db.ts `keysScope`). For league-wide reads that many pages share and most changes leave
 * alone.
 */
export function memoWhileUnchanged<A extends (string | number | null)[], R>(
  read: (db: Db, ...args: A) => Promise<R>,
  keys: (args: A) => string[],
): (db: Db, ...args: A) => Promise<R> {
  return memoByDb(read, keys, (db, args) => keysScope(db, keys(args)));
}

// Passes every query and result through unchanged: `withPlugin` only serves to make a new handle.
const SAME: KyselyPlugin = {
  transformQuery: (args) => args.node,
  transformResult: async (args) => args.result,
};

/**
 * A new handle on the same database, so reads memoized by `memoByDb` start empty and are dropped
 * with it. The server uses one per request on its live database, whose data keeps changing: the
 * memo then lasts one request, not the life of the process.
 */
export function freshReads(db: Db): Db {
  return db.withPlugin(SAME);
}
