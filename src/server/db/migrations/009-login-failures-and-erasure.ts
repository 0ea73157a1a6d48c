/**
 * Decision 148. The login throttle's counters live in the database, so a wait outlasts a restart
 * and holds on every app node of the same file. One row per counter: `pair` (account and address),
 * `address` or `account`, the other column empty. Rows quiet for an hour are forgotten (deleted on
 * the next failure), so the table holds no more than the last hour's failures.
 *
 * A person whose personal fields were erased on request (개인정보 삭제 요구) keeps his row, name
 * and game records; `erased_at` says when, so the console shows him as erased.
 */
export const name = '009-login-failures-and-erasure';

export const sql = /* sql */ `
CREATE TABLE login_failures (
  kind TEXT NOT NULL CHECK (kind IN ('pair', 'address', 'account')),
  account TEXT NOT NULL,
  address TEXT NOT NULL,
  failures INTEGER NOT NULL CHECK (failures > 0),
  last_ms INTEGER NOT NULL,
  PRIMARY KEY (kind, account, address)
);
CREATE INDEX login_failures_by_last ON login_failures (last_ms);
CREATE INDEX login_failures_by_account ON login_failures (account);

ALTER TABLE players ADD COLUMN erased_at TEXT;
ALTER TABLE coaches ADD COLUMN erased_at TEXT;
ALTER TABLE users ADD COLUMN erased_at TEXT;
`;

/** Milliseconds since 1970 outgrow PostgreSQL's 32-bit INTEGER: BIGINT there. */
export const postgres = /* sql */ `
CREATE TABLE login_failures (
  kind TEXT NOT NULL CHECK (kind IN ('pair', 'address', 'account')),
  account TEXT NOT NULL,
  address TEXT NOT NULL,
  failures INTEGER NOT NULL CHECK (failures > 0),
  last_ms BIGINT NOT NULL,
  PRIMARY KEY (kind, account, address)
);
CREATE INDEX login_failures_by_last ON login_failures (last_ms);
CREATE INDEX login_failures_by_account ON login_failures (account);

ALTER TABLE players ADD COLUMN erased_at TEXT;
ALTER TABLE coaches ADD COLUMN erased_at TEXT;
ALTER TABLE users ADD COLUMN erased_at TEXT;
`;
