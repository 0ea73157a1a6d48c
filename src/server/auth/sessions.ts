import type { Db } from '../db/database.ts';

/**
 * What a signed-in request needs to know of its sign-in, read from the database on every such
 * request (decision 152): several app nodes share the database, so a logout, a replayed refresh
 * token, a new password or a disabled account on one node ends the sign-in's access tokens on
 * every node at once. A sign-in is a refresh-token family; its access tokens carry the family as
 * their `sid` claim. One indexed query, in place of the account's row the request read anyway.
 */
export interface SignInState {
  disabled: boolean;
  isAdmin: boolean;
  /** the family still has a refresh token that was not revoked */
  open: boolean;
  /** its last known use (ms): its last stored request (session-activity.ts) or refresh, the later */
  lastActiveMs: number;
}

/** The state of the sign-in `sessionId` of the user; undefined when the account is gone. */
export async function signInState(
  db: Db,
  sessionId: string,
  userId: number,
): Promise<SignInState | undefined> {
  const row = await db
    .selectFrom('users as u')
    .select(['u.disabled', 'u.is_admin'])
    .select((eb) => [
      eb
        .selectFrom('refresh_tokens as t')
        .select('t.id')
        .where('t.family', '=', sessionId)
        .where('t.user_id', '=', userId)
        .where('t.revoked_at', 'is', null)
        .limit(1)
        .as('open_token'),
      eb
        .selectFrom('refresh_tokens as t')
        .select((f) => f.fn.max('t.created_at').as('at'))
        .where('t.family', '=', sessionId)
        .as('last_refresh'),
      eb
        .selectFrom('session_activity as a')
        .select('a.last_ms')
        .where('a.family', '=', sessionId)
        .as('last_ms'),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const stored = row.last_ms === null ? undefined : Number(row.last_ms);
  const refreshed = row.last_refresh ? Date.parse(String(row.last_refresh)) : 0;
  return {
    disabled: row.disabled !== 0,
    isAdmin: row.is_admin === 1,
    open: row.open_token !== null,
    lastActiveMs: Math.max(stored ?? 0, refreshed),
  };
}
