/**
 * The login throttle's counters (decision 148) live in the database, so a wait outlasts a restart
 * and holds on every app node of the same file. One row per counter: `pair` (account and address),
 * `address` or `account`, the other column empty. Rows quiet for an hour are forgotten (deleted on
 * the next failure), so the table holds no more than the last hour's failures.
 */
export const name = '009-login-failures';

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
`;
