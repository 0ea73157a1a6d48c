import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';
import { verifyAccessToken } from './access-token.ts';
import { unauthorized } from '../http/api-error.ts';
import { sessionOpen } from './sessions.ts';
import { idleMsOf, lastActivity, noteActivity } from './session-activity.ts';

/** Reads the bearer token, if any, into `c.var.user`; never rejects by itself. */
export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', null);
  c.set('authError', null);
  const header = c.req.header('authorization');
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  if (match) {
    const result = await verifyAccessToken(match[1], c.var.deps.config.jwtSecret);
    if ('user' in result) {
      const row = await c.var.deps.db
        .selectFrom('users')
        .select(['disabled', 'is_admin'])
        .where('id', '=', result.user.id)
        .executeTakeFirst();
      const db = c.var.deps.db;
      const last = lastActivity(db, result.sessionId);
      // a sign-in idle past ADMIN_IDLE_MINUTES takes no more requests; its refresh then fails too
      const idle = last !== undefined && Date.now() - last > idleMsOf(c.var.deps.config);
      if (
        row &&
        row.disabled === 0 &&
        !idle &&
        (await sessionOpen(db, result.sessionId, result.user.id))
      ) {
        c.set('user', { ...result.user, isAdmin: row.is_admin === 1 });
        noteActivity(db, result.sessionId);
      }
      // after a logout the token is refused as expired: the client then tries its refresh token
      // once, which fails too, and shows the sign-in page
      else c.set('authError', row && row.disabled === 0 ? 'expired' : 'invalid');
    } else {
      c.set('authError', result.error);
    }
  }
  await next();
});

export const expiredMessage = '로그인이 만료되었습니다. 다시 로그인해 주세요.';

/** Rejects the request with 401 unless a valid access token came with it. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.user) {
    throw unauthorized(c.var.authError === 'expired' ? expiredMessage : '로그인이 필요합니다.');
  }
  await next();
});
