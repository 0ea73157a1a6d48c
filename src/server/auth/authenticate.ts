import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';
import { verifyAccessToken } from './access-token.ts';
import { unauthorized } from '../http/api-error.ts';
import { signInState } from './sessions.ts';
import { idleMsOf, idleTooLong, noteActivity } from './session-activity.ts';

/** Reads the bearer token, if any, into `c.var.user`; never rejects by itself. */
export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', null);
  c.set('authError', null);
  const header = c.req.header('authorization');
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  let used: { sessionId: string; lastActiveMs: number; idleMs: number; now: number } | null = null;
  if (match) {
    const result = await verifyAccessToken(match[1], c.var.deps.config.jwtSecret);
    if ('user' in result) {
      const { db, config } = c.var.deps;
      const idleMs = idleMsOf(config);
      const now = Date.now();
      const state = await signInState(db, result.sessionId, result.user.id);
      // a sign-in idle past ADMIN_IDLE_MINUTES takes no more requests; its refresh then fails too
      if (state && !state.disabled && state.open && !idleTooLong(state.lastActiveMs, idleMs, now)) {
        c.set('user', { ...result.user, isAdmin: state.isAdmin });
        used = { sessionId: result.sessionId, lastActiveMs: state.lastActiveMs, idleMs, now };
      }
      // after a logout the token is refused as expired: the client then tries its refresh token
      // once, which fails too, and shows the sign-in page
      else c.set('authError', state && !state.disabled ? 'expired' : 'invalid');
    } else {
      c.set('authError', result.error);
    }
  }
  await next();
  // A request the server refused (a role the user lacks, bad input) is no use of the console and
  // writes nothing; an answered one notes the sign-in's use when the stored one lags.
  if (used && c.res.status < 400) {
    const { db, readCache } = c.var.deps;
    const written = await noteActivity(
      db,
      used.sessionId,
      used.lastActiveMs,
      used.idleMs,
      used.now,
    );
    // its time shows in no kept anonymous answer: the node keeps them
    if (written > 0) readCache?.absorbed(written);
  }
});

export const expiredMessage = '로그인이 만료되었습니다. 다시 로그인해 주세요.';

/** Rejects the request with 401 unless a valid access token came with it. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.user) {
    throw unauthorized(c.var.authError === 'expired' ? expiredMessage : '로그인이 필요합니다.');
  }
  await next();
});
