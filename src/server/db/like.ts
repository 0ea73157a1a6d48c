import { sql } from 'kysely';
import type { RawBuilder, SqlBool } from 'kysely';

/**
 * A search of text that ignores the case of letters on both databases (decision 151). SQLite's
 * LIKE ignores the case of ASCII letters by itself, PostgreSQL's does not; lowering both sides
 * gives the same matches on either. `pattern` escapes its wildcards with a backslash.
 */
export function likeIgnoringCase(column: string, pattern: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) LIKE lower(${pattern}) ESCAPE '\\'`;
}
