import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** The migrated database each test's own database is copied from (pg-global-setup.ts). */
export const PG_TEMPLATE = 'sbsa_template';

export interface PgTestDatabase {
  /** `postgres://…/sbsa_t_…`, for DATABASE_URL */
  url: string;
  /** Drops the database, ending any connection left to it. */
  drop(): Promise<void>;
}

/** The throw-away cluster of a PostgreSQL run, or null when the run is on SQLite. */
export function pgServer(): string | null {
  // outside a PostgreSQL run nothing was provided
  const server = (inject as (key: string) => string | undefined)('pgServer');
  return server ? server : null;
}

async function onServer<T>(server: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(`${server}/postgres`);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh migrated database of its own on the run's cluster. */
export async function freshPgDatabase(server: string): Promise<PgTestDatabase> {
  const name = `sbsa_t_${randomBytes(6).toString('hex')}`;
  await onServer(server, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE}`));
  return {
    url: `${server}/${name}`,
    drop: () =>
      onServer(server, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}
