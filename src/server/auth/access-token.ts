import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';
import type { AuthUser } from './auth-user.ts';

const issuer = 'sbsa-league-portal';
/** Tokens are for this API only; one minted for anything else is refused. */
const audience = 'sbsa-league-portal/api';

/**
 * Signs a short-lived HS256 access token for the user, tied to the sign-in `sessionId` (the
 * refresh-token family) so that ending the sign-in ends the token too.
 */
export async function signAccessToken(
  user: AuthUser,
  sessionId: string,
  secret: string,
  ttlSeconds: number,
): Promise<string> {
  return new SignJWT({ email: user.email, adm: user.isAdmin ? 1 : 0, sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(user.id))
    .setJti(randomUUID())
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(new TextEncoder().encode(secret));
}

export type VerifyResult = { user: AuthUser; sessionId: string } | { error: 'expired' | 'invalid' };

/**
 * Verifies an access token; tells an expired token apart from a forged or malformed one. A token
 * without an expiry, an issue time, a sign-in or this API as its audience is refused: it could
 * otherwise live forever or come from elsewhere.
 */
export async function verifyAccessToken(token: string, secret: string): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      issuer,
      audience,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat', 'sub', 'sid'],
    });
    const id = Number(payload.sub);
    if (
      !Number.isInteger(id) ||
      typeof payload.email !== 'string' ||
      typeof payload.sid !== 'string'
    )
      return { error: 'invalid' };
    return {
      user: { id, email: payload.email, isAdmin: payload.adm === 1 },
      sessionId: payload.sid,
    };
  } catch (err) {
    return { error: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
