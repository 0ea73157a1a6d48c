import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/**
 * One-time codes of RFC 6238 as every authenticator app makes them (SHA-1, 6 digits, 30 s),
 * through the `otpauth` library (decision 147). Pure: the database side is second-factor.ts.
 */
export const totpPolicy = {
  issuer: 'SBSA',
  period: 30,
  digits: 6,
  /** a code of the step before or after is taken too: phone clocks drift and typing takes time */
  window: 1,
  recoveryCodes: 10,
};

function totpOf(secret: string, label = ''): TOTP {
  return new TOTP({
    issuer: totpPolicy.issuer,
    label,
    algorithm: 'SHA1',
    digits: totpPolicy.digits,
    period: totpPolicy.period,
    secret: Secret.fromBase32(secret),
  });
}

/** A new random secret of 160 bits (RFC 4226's recommended length), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address an authenticator app reads from the QR code, labelled with the e-mail. */
export function otpauthUrl(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/** The code of the secret at `now`: what an app shows (used by tests and nothing else). */
export function totpCode(secret: string, now = Date.now()): string {
  return totpOf(secret).generate({ timestamp: now });
}

/**
 * The time-step a right code belongs to, or null for a wrong one. The caller refuses a step it has
 * taken before, so a code seen over someone's shoulder cannot be used again.
 */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: totpPolicy.window });
  if (delta === null) return null;
  return TOTP.counter({ period: totpPolicy.period, timestamp: now }) + delta;
}

/** Whether the text is shaped like a one-time code (6 digits) rather than a recovery code. */
export const looksLikeTotpCode = (text: string) => /^\d{6}$/.test(text);

// no 0/O, 1/I/L: recovery codes are read off paper
const recoveryAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/**
 * Ten recovery codes like `K7QZP-3MRTA` (10 letters of 31: ~49 bits each, beyond guessing under
 * the login throttle), so a plain SHA-256 is enough to keep them.
 */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: totpPolicy.recoveryCodes }, () => {
    const letters = Array.from({ length: 10 }, () => recoveryAlphabet[randomInt(31)]).join('');
    return `${letters.slice(0, 5)}-${letters.slice(5)}`;
  });
}

/** The stored form of a recovery code; case, spaces and dashes as typed do not matter. */
export function recoveryCodeHash(code: string): string {
  const plain = code.toUpperCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(plain).digest('hex');
}
