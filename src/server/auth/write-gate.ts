import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';
import { ApiError, forbidden, unauthorized } from '../http/api-error.ts';
import { mustSetUpFirst, setupFirstMessage } from './second-factor.ts';

export const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Writes anyone may send: they carry their own credentials. */
export const openWrites = [/^\/api\/auth\/(login|refresh|logout)$/, /^\/api\/publish\/webhook$/];
/** Writes of one's own second factor: any signed-in account, and the way out of `mustSetUpFirst`. */
const ownSecondFactor = /^\/api\/auth\/totp\/(setup|enable|disable|recovery-codes)$/;

/**
 * Every write needs a signed-in user who holds some role (site admin, association grade, team
 * manager or board role), checked before the body is validated. Each route then checks the exact
 * role it needs.
 */
export const writeGate = createMiddleware<AppEnv>(async (c, next) => {
  if (!writeMethods.has(c.req.method) || openWrites.some((re) => re.test(c.req.path)))
    return next();
  const user = c.var.user;
  if (!user)
    throw unauthorized(
      c.var.authError === 'expired'
        ? '로그인이 만료되었습니다. 다시 로그인해 주세요.'
        : '로그인이 필요합니다.',
    );
  const db = c.var.deps.db;
  if (ownSecondFactor.test(c.req.path)) return next();
  // a manager of an association that requires a second factor writes nothing until he has one;
  // `errors.totp` sends the console to the set-up screen (decision 147)
  if (await mustSetUpFirst(db, user.id))
    throw new ApiError(403, setupFirstMessage, { totp: setupFirstMessage });
  if (!user.isAdmin) {
    const role = await db
      .selectFrom('league_managers')
      .select('id')
      .where('user_id', '=', user.id)
      .union(db.selectFrom('team_managers').select('id').where('user_id', '=', user.id))
      .union(
        db
          .selectFrom('board_roles')
          .select('id')
          .where('user_id', '=', user.id)
          .where('role', 'in', ['write', 'admin']),
      )
      .executeTakeFirst();
    if (!role) throw forbidden();
  }
  await next();
});
