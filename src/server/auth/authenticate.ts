import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';
import { verifyAccessToken } from './access-token.ts';
import { unauthorized } from '../http/api-error.ts';
import { sessionOpen } from './sessions.ts';

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
      if (
        row &&
        row.disabled === 0 &&
        (await sessionOpen(c.var.deps.db, result.sessionId, result.user.id))
      )
        c.set('user', { ...result.user, isAdmin: row.is_admin === 1 });
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
