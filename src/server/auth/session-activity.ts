import type { Db, Tx } from '../db/database.ts';
import type { Config } from '../config.ts';

/**
 * When each sign-in last made a request, for the idle limit of console sessions
 * (ADMIN_IDLE_MINUTES, decisions 147 and 152), kept in the database (`session_activity`) so a
 * sign-in idle on one app node is idle on all of them. Not written per request: a write on every
 * call would cost the one write thread and drop the kept anonymous answers (read-cache.ts). A
 * request writes its time only when the stored one is older than a tenth of the limit (at most
 * 30 s), so the stored time lags the last request by less than that, and the rule can end a
 * sign-in that much early, never late. The rule takes the later of this and the sign-in's last
 * refresh.
 */

/** The idle limit of a sign-in (ADMIN_IDLE_MINUTES), in milliseconds. */
export const idleMsOf = (config: Pick<Config, 'ADMIN_IDLE_MINUTES'>) =>
  config.ADMIN_IDLE_MINUTES * 60_000;

/** How far the stored activity of a sign-in may lag its last request before a request writes it. */
export const activityLagMs = (idleMs: number) => Math.min(30_000, idleMs / 10);

/** The sign-in's last request as stored, if one was. */
export async function storedActivity(db: Db | Tx, sessionId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('session_activity')
    .select('last_ms')
    .where('family', '=', sessionId)
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.last_ms);
}

/**
 * Notes a request of the sign-in at `now`, given its last use the database knows (its stored
 * activity or its last refresh, the later): written only when that lags by `activityLagMs` or
 * more, so a sign-in just made or refreshed writes nothing, and never moved back (another node may
 * have written a later one). Returns the rows written (0 or 1).
 */
export async function noteActivity(
  db: Db,
  sessionId: string,
  knownMs: number,
  idleMs: number,
  now = Date.now(),
): Promise<number> {
  if (now - knownMs < activityLagMs(idleMs)) return 0;
  const written = await db
    .insertInto('session_activity')
    .values({ family: sessionId, last_ms: now })
    .onConflict((oc) =>
      oc
        .column('family')
        .doUpdateSet((eb) => ({ last_ms: eb.ref('excluded.last_ms') }))
        .where('session_activity.last_ms', '<', now),
    )
    .returning('family')
    .executeTakeFirst();
  return written ? 1 : 0;
}

/** Whether a sign-in last used at `lastActiveMs` has been idle past the limit. */
export const idleTooLong = (lastActiveMs: number, idleMs: number, now = Date.now()) =>
  now - lastActiveMs > idleMs;
