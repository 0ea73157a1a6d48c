import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { Tx } from '../db/database.ts';
import { writeTx } from '../db/database.ts';
import { idleTooLong, storedActivity } from './session-activity.ts';

export const refreshPolicy = {
  /** unused for this long, a token expires */
  idleMs: 14 * 24 * 3600 * 1000,
  /** a family (one sign-in) never lives longer than this */
  absoluteMs: 60 * 24 * 3600 * 1000,
  /** a just-rotated token still works this long, for concurrent refreshes from several tabs */
  graceMs: 30 * 1000,
};

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Starts a new token family (a sign-in): the opaque token, and the family as the sign-in's id for
 * its access tokens.
 */
export async function issueRefreshToken(
  db: Db,
  userId: number,
  now = Date.now(),
): Promise<{ token: string; sessionId: string }> {
  const token = randomBytes(32).toString('base64url');
  const sessionId = randomUUID();
  await db
    .insertInto('refresh_tokens')
    .values({
      user_id: userId,
      token_hash: sha256(token),
      family: sessionId,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + refreshPolicy.idleMs).toISOString(),
      absolute_expires_at: new Date(now + refreshPolicy.absoluteMs).toISOString(),
      revoked_at: null,
      replaced_by: null,
      rotated_at: null,
    })
    .execute();
  return { token, sessionId };
}

export type RotateResult =
  | { token: string; userId: number; sessionId: string }
  | { error: 'invalid' | 'reused' | 'idle' };

/**
 * Exchanges a refresh token for a new one of the same family. A token rotated longer ago than the
 * grace window is a replay: the whole family is revoked. With `idleMs`, a sign-in that made no
 * request for that long is ended too (ADMIN_IDLE_MINUTES, decision 147).
 */
export async function rotateRefreshToken(
  db: Db,
  token: string,
  userId: number,
  now = Date.now(),
  options: { idleMs?: number } = {},
): Promise<RotateResult> {
  return writeTx(db, async (tx) => {
    const row = await tx
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('token_hash', '=', sha256(token))
      .executeTakeFirst();
    if (!row || row.user_id !== userId) return { error: 'invalid' as const };
    const nowIso = new Date(now).toISOString();
    if (row.revoked_at) return { error: 'invalid' as const };
    const owner = await tx
      .selectFrom('users')
      .select('disabled')
      .where('id', '=', row.user_id)
      .executeTakeFirst();
    if (!owner || owner.disabled === 1) {
      await revokeFamily(tx, row.family, now);
      return { error: 'invalid' as const };
    }
    if (row.rotated_at) {
      const rotatedAgo = now - Date.parse(row.rotated_at);
      if (rotatedAgo > refreshPolicy.graceMs) {
        await revokeFamily(tx, row.family, now);
        return { error: 'reused' as const };
      }
    }
    if (row.expires_at <= nowIso || row.absolute_expires_at <= nowIso)
      return { error: 'invalid' as const };
    // the token's own creation is the family's last refresh (a grace-window reuse is not newer)
    if (
      options.idleMs !== undefined &&
      idleTooLong(
        Math.max((await storedActivity(tx, row.family)) ?? 0, Date.parse(row.created_at)),
        options.idleMs,
        now,
      )
    ) {
      await revokeFamily(tx, row.family, now);
      return { error: 'idle' as const };
    }
    const next = randomBytes(32).toString('base64url');
    const inserted = await tx
      .insertInto('refresh_tokens')
      .values({
        user_id: row.user_id,
        token_hash: sha256(next),
        family: row.family,
        created_at: nowIso,
        expires_at: new Date(
          Math.min(now + refreshPolicy.idleMs, Date.parse(row.absolute_expires_at)),
        ).toISOString(),
        absolute_expires_at: row.absolute_expires_at,
        revoked_at: null,
        replaced_by: null,
        rotated_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .updateTable('refresh_tokens')
      .set({ rotated_at: row.rotated_at ?? nowIso, replaced_by: inserted.id })
      .where('id', '=', row.id)
      .execute();
    return { token: next, userId: row.user_id, sessionId: row.family };
  });
}

/** Revokes the family of the given token (logout). Unknown tokens are ignored. */
export async function revokeRefreshFamily(
  db: Db,
  token: string,
  userId: number,
  now = Date.now(),
): Promise<boolean> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select(['family', 'user_id'])
    .where('token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row || row.user_id !== userId) return false;
  await revokeFamily(db, row.family, now);
  return true;
}

/** Ends one sign-in: every token of its family that is not revoked yet. */
async function revokeFamily(db: Db | Tx, family: string, now: number): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date(now).toISOString() })
    .where('family', '=', family)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every sign-in of the user (a new password, a disabled account) inside the caller's transaction. */
export async function revokeUserRefreshTokens(tx: Tx, userId: number, now = Date.now()) {
  await tx
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date(now).toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}
