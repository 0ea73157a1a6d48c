/**
 * Decision 152. State that several app nodes on one database share:
 *
 * - `publisher_lease`: which node publishes the site. One row per lease (`name`, today only
 *   'publisher'); the holder renews `expires_ms` (epoch milliseconds) every few seconds, and any
 *   node may take a lease whose time has run out.
 * - `session_activity`: when each sign-in (a refresh-token family) last made a request, written at
 *   most every 30 seconds per sign-in, so a sign-in idle on one node is idle on every node
 *   (ADMIN_IDLE_MINUTES, decision 147). One row per sign-in that made a request, kept like its
 *   refresh tokens.
 */
export const name = '012-several-nodes';

export const sql = /* sql */ `
CREATE TABLE publisher_lease (
  name TEXT PRIMARY KEY,
  holder TEXT NOT NULL,
  expires_ms INTEGER NOT NULL
);

CREATE TABLE session_activity (
  family TEXT PRIMARY KEY,
  last_ms INTEGER NOT NULL
);
`;

export const postgres = /* sql */ `
CREATE TABLE publisher_lease (
  name TEXT PRIMARY KEY,
  holder TEXT NOT NULL,
  expires_ms BIGINT NOT NULL
);

CREATE TABLE session_activity (
  family TEXT PRIMARY KEY,
  last_ms BIGINT NOT NULL
);
`;
