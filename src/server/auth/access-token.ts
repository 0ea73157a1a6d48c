import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';
import type { AuthUser } from './auth-user.ts';

const issuer = 'sbsa-league-portal';

/** Signs a short-lived HS256 access token for the user. */
export async function signAccessToken(
  user: AuthUser,
  secret: string,
  ttlSeconds: number,
): Promise<string> {
  return new SignJWT({ email: user.email, adm: user.isAdmin ? 1 : 0 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(user.id))
    .setJti(randomUUID())
    .setIssuer(issuer)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(new TextEncoder().encode(secret));
}

export type VerifyResult = { user: AuthUser } | { error: 'expired' | 'invalid' };

/** Verifies an access token; tells an expired token apart from a forged or malformed one. */
export async function verifyAccessToken(token: string, secret: string): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      issuer,
      algorithms: ['HS256'],
    });
    const id = Number(payload.sub);
    if (!Number.isInteger(id) || typeof payload.email !== 'string') return { error: 'invalid' };
    return { user: { id, email: payload.email, isAdmin: payload.adm === 1 } };
  } catch (err) {
    return { error: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
