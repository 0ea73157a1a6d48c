import { sql } from 'kysely';
import type { Db } from '../../src/server/db/database.ts';

/**
 * One statement written with `?` placeholders, run on the database the app runs on (SQLite or
 * PostgreSQL): Kysely's `sql` tag numbers the placeholders the way each dialect wants them.
 */
function statement(text: string, params: unknown[]) {
  const parts = text.split('?');
  const strings = Object.assign([...parts], { raw: [...parts] }) as unknown as TemplateStringsArray;
  return sql(strings, ...params);
}

/** Reads a test makes past the API, on whichever database the app has. */
export function rawSql(db: Db) {
  return {
    async all<R = Record<string, unknown>>(text: string, ...params: unknown[]): Promise<R[]> {
      return (await statement(text, params).execute(db)).rows as R[];
    },
    async get<R = Record<string, unknown>>(
      text: string,
      ...params: unknown[]
    ): Promise<R | undefined> {
      return (await statement(text, params).execute(db)).rows[0] as R | undefined;
    },
    async run(text: string, ...params: unknown[]): Promise<void> {
      await statement(text, params).execute(db);
    },
  };
}
