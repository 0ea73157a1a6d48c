/**
 * The change record (docs/decisions/150): every insert, update and delete of a table the public
 * site shows appends a row to `public_changes` in the same transaction, through database triggers
 * made here from one list. A route, a service, the import or a raw SQL statement cannot forget it,
 * and a change committed just before a crash is still there for the publisher after the restart.
 * What the rows mean for the pages is src/server/publish/change-map.ts.
 */

import { WRITE_LOCK } from './write-order.ts';

/** How one public table is recorded. */
export interface CapturedTable {
  /** the row's identity as a column of the row (default `id`; `rowid` where the key is composite) */
  rowId?: string;
  /**
   * The columns kept in `old` / `new`: 'all' keeps every column but `id` and `ignore`, so a row
   * deleted and inserted again as it was (a record or a roster saved as it was) cancels out; a list
   * keeps only those (no personal data: the record outlives an erasure by days).
   */
  capture: 'all' | readonly string[];
  /** columns whose change alone changes nothing on the site (time stamps, counters) */
  ignore?: readonly string[];
}

const stamped = ['updated_at'] as const;

/**
 * Every table the public pages read, and how it is recorded. The tables that are not here are
 * private (change-map.ts says so for each of them, and a test keeps the two lists in step).
 */
export const capturedTables = {
  league_main: { capture: ['path', 'name', 'short_name', 'logo'], ignore: ['require_totp'] },
  divisions: { capture: 'all' },
  teams: { capture: 'all' },
  // the account a player or coach is linked to is not on the site
  players: { capture: ['main_id'], ignore: ['user_id'] },
  team_players: { capture: 'all' },
  coaches: { capture: ['main_id'], ignore: ['user_id'] },
  team_coaches: { capture: 'all' },
  seasons: { capture: 'all' },
  // the schedule file a league keeps is the console's, not the site's
  leagues: { capture: 'all', ignore: ['schedule_upload_id'] },
  league_teams: { capture: 'all' },
  league_players: { capture: 'all' },
  league_coaches: { capture: 'all' },
  games: { capture: 'all', ignore: stamped },
  game_innings: { rowId: 'rowid', capture: 'all' },
  game_live: { rowId: 'game_id', capture: ['game_id'], ignore: ['seq', 'updated_at'] },
  game_batting: { capture: 'all' },
  game_pitching: { capture: 'all' },
  league_results: { capture: 'all' },
  league_awards: { capture: 'all' },
  notices: { rowId: 'wr_id', capture: ['main_id', 'draft'], ignore: ['views', 'updated_at'] },
  notice_attachments: { capture: 'all' },
} as const satisfies Record<string, CapturedTable>;

export type CapturedTableName = keyof typeof capturedTables;

/** The columns of a table, in order, as the database has them (PRAGMA table_info, information_schema). */
export type ColumnsOf = (table: string) => readonly string[];

const kinds = ['insert', 'update', 'delete'] as const;

/** The columns `old` / `new` keep for a table. */
export function capturedColumns(table: CapturedTableName, columnsOf: ColumnsOf): string[] {
  const spec: CapturedTable = capturedTables[table];
  if (spec.capture !== 'all') return [...spec.capture];
  const ignored = new Set(['id', ...(spec.ignore ?? [])]);
  return columnsOf(table).filter((c) => !ignored.has(c));
}

/** The columns whose change makes an update a change. */
function comparedColumns(table: CapturedTableName, columnsOf: ColumnsOf): string[] {
  const ignored = new Set<string>((capturedTables[table] as CapturedTable).ignore ?? []);
  return columnsOf(table).filter((c) => !ignored.has(c));
}

const triggerName = (table: string, kind: (typeof kinds)[number]) =>
  `${table}_public_change_${kind}`;

/** The trigger names a public table has (a test checks a fresh database has them all). */
export const triggerNames = (table: string): string[] => kinds.map((k) => triggerName(table, k));

/** The SQLite triggers of every public table. */
export function sqliteChangeTriggers(columnsOf: ColumnsOf): string {
  const parts: string[] = [];
  for (const table of Object.keys(capturedTables) as CapturedTableName[]) {
    const rowId = (capturedTables[table] as CapturedTable).rowId ?? 'id';
    const columns = capturedColumns(table, columnsOf);
    const json = (row: 'OLD' | 'NEW') =>
      `json_object(${columns.map((c) => `'${c}', ${row}.${c}`).join(', ')})`;
    const changed = comparedColumns(table, columnsOf)
      .map((c) => `OLD.${c} IS NOT NEW.${c}`)
      .join(' OR ');
    const insert = (kind: string, row: string, old: string, next: string) =>
      `INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('${table}', ${row}.${rowId}, '${kind}', ${old}, ${next});`;
    parts.push(
      `CREATE TRIGGER ${triggerName(table, 'insert')} AFTER INSERT ON ${table} BEGIN
  ${insert('insert', 'NEW', 'NULL', json('NEW'))}
END;`,
      `CREATE TRIGGER ${triggerName(table, 'update')} AFTER UPDATE ON ${table} WHEN ${changed} BEGIN
  ${insert('update', 'NEW', json('OLD'), json('NEW'))}
END;`,
      `CREATE TRIGGER ${triggerName(table, 'delete')} AFTER DELETE ON ${table} BEGIN
  ${insert('delete', 'OLD', json('OLD'), 'NULL')}
END;`,
    );
  }
  return parts.join('\n');
}

/**
 * The same triggers for PostgreSQL (decision 151). One function per table writes the row; one
 * trigger per kind calls it, the update's only when a compared column changed. `old` / `new` are
 * JSON text, as on SQLite. Before its row each function takes the write lock (write-order.ts):
 * ids are drawn in commit order, so the publisher's mark never passes a change still uncommitted.
 */
export function postgresChangeTriggers(columnsOf: ColumnsOf): string {
  const parts: string[] = [];
  for (const table of Object.keys(capturedTables) as CapturedTableName[]) {
    const rowId = (capturedTables[table] as CapturedTable).rowId ?? 'id';
    const key = rowId === 'rowid' ? 'NULL' : null;
    const columns = capturedColumns(table, columnsOf);
    const json = (row: 'OLD' | 'NEW') =>
      `jsonb_build_object(${columns.map((c) => `'${c}', ${row}.${c}`).join(', ')})::text`;
    const fn = `${table}_public_change`;
    parts.push(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(${WRITE_LOCK});
  IF TG_OP = 'INSERT' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('${table}', ${key ?? `NEW.${rowId}`}, 'insert', NULL, ${json('NEW')});
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('${table}', ${key ?? `NEW.${rowId}`}, 'update', ${json('OLD')}, ${json('NEW')});
  ELSE
    INSERT INTO public_changes (table_name, row_id, kind, old, new) VALUES ('${table}', ${key ?? `OLD.${rowId}`}, 'delete', ${json('OLD')}, NULL);
  END IF;
  RETURN NULL;
END $$;`);
    const changed = comparedColumns(table, columnsOf)
      .map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`)
      .join(' OR ');
    for (const kind of kinds)
      parts.push(
        `CREATE TRIGGER ${triggerName(table, kind)} AFTER ${kind.toUpperCase()} ON ${table} FOR EACH ROW${kind === 'update' ? ` WHEN (${changed})` : ''} EXECUTE FUNCTION ${fn}();`,
      );
  }
  return parts.join('\n');
}
