import type { Context } from 'hono';
import { createRouter } from '../../http/router.ts';
import { clientAddress } from '../../http/client-address.ts';
import { ok } from '../../http/envelope.ts';
import { ApiError, unauthorized } from '../../http/api-error.ts';
import { dummyPasswordHash, verifyPassword } from '../../auth/passwords.ts';
import { signAccessToken } from '../../auth/access-token.ts';
import {
  issueRefreshToken,
  revokeRefreshFamily,
  rotateRefreshToken,
} from '../../auth/refresh-tokens.ts';
import { koreanWait, LoginThrottle } from '../../auth/login-throttle.ts';
import { requireAdmin } from '../../auth/permissions.ts';
import { checkSecondFactor, wrongCodeMessage } from '../../auth/second-factor.ts';
import { idleMsOf } from '../../auth/session-activity.ts';
import { metrics } from '../../metrics.ts';
import { audit } from '../../services/audit.ts';
import type { AppEnv } from '../../app-env.ts';
import * as routes from './auth.routes.ts';

export const loginFailedMessage = '이메일 또는 비밀번호가 올바르지 않습니다.';
export const otpMissingMessage =
  '2단계 인증을 쓰는 계정입니다. 인증 앱의 일회용 코드를 입력해 주세요.';
export const idleMessage = '오랫동안 사용하지 않아 로그아웃되었습니다. 다시 로그인해 주세요.';

/** /api/auth: login, refresh with rotation, logout. */
export function authRouter() {
  const router = createRouter(routes);

  router.openapi(routes.login, async (c) => {
    const { email, password, otp } = c.req.valid('json');
    const { db, config } = c.var.deps;
    const address = clientAddress(c);
    const throttle = new LoginThrottle(db);
    const wait = await throttle.retryAfter(email, address);
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      throw new ApiError(
        429,
        `로그인 시도가 너무 많습니다. ${koreanWait(wait)} 뒤에 다시 시도해 주세요.`,
      );
    }
    const user = await db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirst();
    const valid = await verifyPassword(
      user?.password_hash ?? (await dummyPasswordHash()),
      password,
    );
    /** A wrong password or one-time code counts towards the throttle alike. */
    async function failed(userId: number | null) {
      metrics.loginFailed();
      // a failure that starts a wait is recorded: the site admin sees who is being guessed at
      if (await throttle.fail(email, address))
        await audit(db, {
          userId: null,
          action: 'login-throttled',
          entity: 'user',
          entityId: userId,
          after: { email, address, retryAfterSeconds: await throttle.retryAfter(email, address) },
        });
    }
    if (!user || !valid || user.disabled === 1) {
      await failed(user?.id ?? null);
      throw new ApiError(401, loginFailedMessage);
    }
    // the field name in `errors` tells the console to show the code field (decision 147)
    const second = await checkSecondFactor(db, user.id, otp);
    if (second === 'missing')
      throw new ApiError(401, otpMissingMessage, { otp: otpMissingMessage });
    if (second === 'wrong') {
      await failed(user.id);
      throw new ApiError(401, wrongCodeMessage, { otp: wrongCodeMessage });
    }
    await throttle.succeed(email, address);
    const { token: refreshToken, sessionId } = await issueRefreshToken(db, user.id);
    const accessToken = await signAccessToken(
      { id: user.id, email: user.email, isAdmin: user.is_admin === 1 },
      sessionId,
      config.jwtSecret,
      config.ACCESS_TOKEN_TTL_SECONDS,
    );
    await audit(db, { userId: user.id, action: 'login', entity: 'user', entityId: user.id });
    return ok(c, {
      user_id: user.id,
      username: user.username,
      nickname: user.nickname,
      email: user.email,
      phone: user.phone,
      photo: user.photo,
      gender: user.gender,
      birthday: user.birthday,
      access_token: accessToken,
      refresh_token: refreshToken,
    });
  });

  router.openapi(routes.refresh, async (c) => {
    const { refreshToken, userId } = c.req.valid('json');
    const { db, config } = c.var.deps;
    const result = await rotateRefreshToken(db, refreshToken, userId, Date.now(), {
      idleMs: idleMsOf(config),
    });
    if ('error' in result) {
      if (result.error !== 'idle')
        throw unauthorized('로그인이 만료되었습니다. 다시 로그인해 주세요.');
      await audit(db, { userId, action: 'logout-idle', entity: 'user', entityId: userId });
      // `errors.session` lets the console say why it signs out
      throw new ApiError(401, idleMessage, { session: idleMessage });
    }
    const user = await db
      .selectFrom('users')
      .select(['id', 'email', 'is_admin', 'disabled'])
      .where('id', '=', result.userId)
      .executeTakeFirst();
    if (!user || user.disabled === 1)
      throw unauthorized('로그인이 만료되었습니다. 다시 로그인해 주세요.');
    const accessToken = await signAccessToken(
      { id: user.id, email: user.email, isAdmin: user.is_admin === 1 },
      result.sessionId,
      config.jwtSecret,
      config.ACCESS_TOKEN_TTL_SECONDS,
    );
    return ok(c, { access_token: accessToken, refresh_token: result.token });
  });

  /** Ends the sign-in of the refresh token: its family and, at once, its access tokens. */
  async function endSignIn(c: Context<AppEnv>, refreshToken: string, userId: number) {
    const revoked = await revokeRefreshFamily(c.var.deps.db, refreshToken, userId);
    if (revoked)
      await audit(c.var.deps.db, { userId, action: 'logout', entity: 'user', entityId: userId });
    return ok(c, { revoked });
  }

  router.openapi(routes.logout, (c) => {
    const { refreshToken, userId } = c.req.valid('query');
    return endSignIn(c, refreshToken, userId);
  });

  router.openapi(routes.logoutPost, (c) => {
    const { refreshToken, userId } = c.req.valid('json');
    return endSignIn(c, refreshToken, userId);
  });

  router.openapi(routes.unlock, async (c) => {
    const admin = requireAdmin(c);
    const { email } = c.req.valid('json');
    const cleared = await new LoginThrottle(c.var.deps.db).unlock(email);
    await audit(c.var.deps.db, {
      userId: admin.id,
      action: 'login-unlocked',
      entity: 'user',
      entityId: null,
      after: { email },
    });
    return ok(c, { unlocked: cleared > 0 });
  });

  return router;
}
