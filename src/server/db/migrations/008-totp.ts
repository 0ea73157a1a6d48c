/**
 * A second factor by one-time codes (TOTP, RFC 6238; decision 147). `user_totp` keeps an
 * account's secret from set-up on; `enabled_at` is null until a first right code turns it on, and
 * `last_step` is the time-step of the last code accepted, so the same code is never taken twice.
 * Recovery codes are kept only as SHA-256 hashes, each spent once. An association can require
 * the second factor of its managers (`league_main.require_totp`).
 */
export const name = '008-totp';
export const sql = /* sql */ `
CREATE TABLE user_totp (
  user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  secret TEXT NOT NULL CHECK (length(secret) BETWEEN 16 AND 128),
  enabled_at TEXT,
  last_step INTEGER,
  created_at TEXT NOT NULL
);
CREATE TABLE totp_recovery_codes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash TEXT NOT NULL,
  used_at TEXT,
  UNIQUE (user_id, code_hash)
);
ALTER TABLE league_main ADD COLUMN require_totp INTEGER NOT NULL DEFAULT 0 CHECK (require_totp IN (0,1));
`;
