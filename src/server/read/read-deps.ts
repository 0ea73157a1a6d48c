import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../db/database.ts';

/**
 * The data keys a rendered page read (docs/decisions/056). The renderer renders each page inside
 * `recordDeps`; every public read names the keys of the data it returns (`memoByDb`'s `deps`), so
 * the page ends up with the set of keys that can change it. A write names the keys it changed and
 * the publisher renders exactly the pages that read one of them.
 *
 * Keys:
 * - `site` — the association and its seasons (every page's frame);
 * - `season:S` — a season's lists (leagues, games, teams, players of the season);
 * - `season-games:S` — the games of a season with their records (the season's game lists, its
 *   players with a line): what a change of one game changes of the season's lists;
 * - `league:L` — a league: its settings, teams, roster, coaches, final ranks and awards;
 * - `games:L` — the games of a league with their records (standings, schedules, leaders; a
 *   league's game counts, named when a page reads them);
 * - `game:G` — one game and its record;
 * - `live:G`, `live-league:L`, `live-season:S` — the line score of a game being played, and those
 *   of a league's and a season's games (decision 149): named by a live write alone, so a tap renders the few pages that show it;
 * - `team:T`, `player:P` — a team's or a player's own page data;
 * - `player-league:L:P` — a player's games in one league with his lines in them (a box score's
 *   season AVG / ERA after the game): named for the players of a game whose date or stage
 *   changed, so a change in one league leaves his box scores of other leagues and seasons alone;
 * - `game-rates:G` — the season AVG / ERA printed in game G's box score: named for the box scores
 *   on or after the date of a game whose record changed, of the players in that record before and
 *   after;
 * - `notice:N`, `notices` — one notice, the list of notices;
 * - `paths` — the set of pages itself (sitemap, `_redirects`);
 * - `today` — the day in Asia/Seoul (upcoming and recent games): no change names it; the midnight
 *   rebuild renders every page, and pages without it that it changes were missed by a change;
 * - `*` — a read that names no keys: any change renders the page again.
 *
 * Pages reach this module through Astro's bundle (a copy of it), so the store lives on globalThis.
 */
const STORE = Symbol.for('sbsa.render-job.deps');

type Recorder = Set<string> | undefined;

function storage(): AsyncLocalStorage<Recorder> {
  const g = globalThis as { [STORE]?: AsyncLocalStorage<Recorder> };
  g[STORE] ??= new AsyncLocalStorage<Recorder>();
  return g[STORE];
}

/** Runs `render` while recording the keys its reads name into `keys`. */
export function recordDeps<T>(keys: Set<string>, render: () => Promise<T>): Promise<T> {
  return storage().run(keys, render);
}

/** Adds keys to the page being rendered (nothing outside a render). */
export function dependsOn(...keys: string[]): void {
  const recorder = storage().getStore();
  if (recorder) for (const key of keys) recorder.add(key);
}

/**
 * Runs `read` without recording: a read's own inner reads are covered by the keys it names, and
 * `getStaticPaths` (run by Astro inside the first page of a route) is not a page's data.
 */
export function untracked<T>(read: () => T): T {
  return storage().run(undefined, read);
}

/** The keys a read names, from its arguments and its result. */
export type DepsOf<A extends unknown[], R> = (args: A, result: R) => string[];

/** Records the keys a read names once its result is there (before the caller's own `await` resumes). */
export function noteDeps<A extends unknown[], R>(
  result: Promise<R>,
  args: A,
  deps: DepsOf<A, R> | undefined,
): void {
  const recorder = storage().getStore();
  if (!recorder) return;
  if (!deps) {
    recorder.add('*');
    return;
  }
  result.then(
    (r) => {
      for (const key of deps(args, r)) recorder.add(key);
    },
    () => undefined,
  );
}

/** Wraps a read that is not memoized so that it names its keys. */
export function tracked<A extends unknown[], R>(
  read: (db: Db, ...args: A) => Promise<R>,
  deps: DepsOf<A, R>,
): (db: Db, ...args: A) => Promise<R> {
  return (db, ...args) => {
    const result = untracked(() => read(db, ...args));
    noteDeps(result, args, deps);
    return result;
  };
}
