import type { Database } from '../db/schema.ts';
import { capturedTables } from '../db/change-triggers.ts';
import type { CapturedTableName } from '../db/change-triggers.ts';

/**
 * What the rows of the change record (src/server/db/change-triggers.ts) mean for the public site:
 * every table of the schema is here, either public — a rule from a changed row to the change
 * vocabulary of change-keys.ts, or every page — or private, with why no page shows it. A table
 * added to the schema without a line here does not compile (docs/decisions/150).
 */

/** One row of `public_changes`, its JSON read. */
export interface ChangeRow {
  id: number;
  table: string;
  rowId: number | null;
  kind: 'insert' | 'update' | 'delete';
  /** the captured columns before the change, as the trigger wrote them (null for an insert) */
  old: string | null;
  /** the captured columns after the change (null for a delete) */
  new: string | null;
}

/** What one changed row means: names of change-keys.ts, or every page of the site. */
export type PageChange = readonly string[] | 'every page';

type Rule = (row: ChangeRow, old: Values | null, next: Values | null) => PageChange;
type Values = Record<string, unknown>;

/**
 * The rows a request to the publisher writes (change-feed.ts): not a table, so a request made on
 * any node reaches the publishing node the way a write does. `new` holds a `SiteRequest`.
 */
export const SITE_REQUEST = 'site';

/** A request to the publisher: publish every page (a rebuild, the webhook), or roll back. */
export interface SiteRequest {
  action: 'rebuild' | 'rollback';
  reason: string;
}

/** The request a row holds, or null for a row of a table. */
export function siteRequest(row: ChangeRow): SiteRequest | null {
  return row.table === SITE_REQUEST ? (parse(row.new) as unknown as SiteRequest) : null;
}

/** Above this many rows in one drain (an import, a season copied) every page is rendered. */
export const EVERY_PAGE_ABOVE = 2000;

const everyPage: Rule = () => 'every page';

/** The values of a column before and after the change, without repeats or nulls. */
function both(old: Values | null, next: Values | null, column: string): unknown[] {
  return [...new Set([old?.[column], next?.[column]])].filter((v) => v !== null && v !== undefined);
}

/** A line of a game's record: the game's record, and a player taken out of it (his old line). */
const recordLine: Rule = (_row, old, next) => [
  ...both(old, next, 'game_id').map((g) => `game-record:${g}`),
  ...(old ? [`game-player:${old.game_id}:${old.player_id}`] : []),
];

/** The columns of a game that place it (its page, the lists it is in, the dates of its rates). */
const SCHEDULE_COLUMNS = [
  'league_id',
  'game_no',
  'round',
  'stage',
  'game_date',
  'game_time',
  'venue',
  'home_team_id',
  'away_team_id',
];

/** Rules of the tables the public pages read; the keys are the tables change-triggers.ts records. */
const publicRules: Record<CapturedTableName, Rule> = {
  // a name, a path or a logo of the association is on every page
  league_main: everyPage,
  divisions: everyPage,
  // a team's or a player's own fields are shown wherever they are; a new or deleted one changes
  // the lists and the set of pages
  teams: (row) => (row.kind === 'update' ? [`team-info:${row.rowId}`] : 'every page'),
  players: (row) => (row.kind === 'update' ? [`player-info:${row.rowId}`] : 'every page'),
  // careers and the association's coaches: read by many pages under no narrower key
  team_players: everyPage,
  coaches: everyPage,
  team_coaches: everyPage,
  // a season's or a league's rename, its teams, its results: every page, as the routes chose
  seasons: everyPage,
  leagues: everyPage,
  league_teams: everyPage,
  league_results: everyPage,
  league_awards: everyPage,
  // a roster line: the roster, and the player taken off it
  league_players: (_row, old, next) => [
    ...both(old, next, 'league_id').flatMap((l) =>
      both(old, next, 'team_id').map((t) => `roster:${l}:${t}`),
    ),
    ...(old ? [`player:${old.player_id}`] : []),
  ],
  league_coaches: (_row, old, next) =>
    both(old, next, 'league_id').flatMap((l) =>
      both(old, next, 'team_id').map((t) => `roster:${l}:${t}`),
    ),
  // a new game, or one moved: its pages and the set of pages; its record alone: its record (a
  // record keeps the game's date and stage, change-keys.ts); a deleted one: every page
  games: (row, old, next) => {
    if (row.kind === 'delete') return 'every page';
    if (row.kind === 'update' && !SCHEDULE_COLUMNS.some((c) => old?.[c] !== next?.[c]))
      return [`game-record:${row.rowId}`];
    return [`game:${row.rowId}`, 'paths'];
  },
  game_innings: (_row, old, next) => both(old, next, 'game_id').map((g) => `game-record:${g}`),
  game_batting: recordLine,
  game_pitching: recordLine,
  game_live: (row) => [`game-live:${row.rowId}`],
  notices: (row) => [`notice:${row.rowId}`],
  notice_attachments: (_row, old, next) => both(old, next, 'wr_id').map((n) => `notice:${n}`),
};

/** The tables no public page reads, and why. */
const privateTables: Record<Exclude<keyof Database, CapturedTableName>, string> = {
  users: 'accounts: no page shows them',
  refresh_tokens: 'sign-in sessions',
  user_totp: 'sign-in codes',
  totp_recovery_codes: 'sign-in codes',
  league_managers: 'who may edit what',
  team_managers: 'who may edit what',
  board_roles: 'who may write notices',
  uploads:
    'files reach a page only through a row that links them (a logo, a photo, a notice), whose change is recorded',
  audit_log: 'the record of who changed what',
  personal_access_log: 'the record of reads of personal data',
  personal_access_anchor: 'the record of reads of personal data',
  personal_access_reviews: 'the record of reads of personal data',
  publish_runs: "the publisher's own history",
  login_failures: 'the login throttle',
  schema_migrations: 'the schema version',
  season_guards: 'kept by triggers from seasons, which are recorded',
  public_changes: 'the change record itself',
  publish_cursor: 'the change record itself',
  publisher_lease: 'which node publishes',
  session_activity: "a sign-in's last use",
  game_plays:
    'no page shows the plays yet: the box score written from them is recorded (game_batting, game_pitching, game_innings, games)',
};

/** Every table of the schema and whether the public site shows it. */
export const tableVisibility: Record<keyof Database, 'public' | 'private'> = Object.fromEntries([
  ...Object.keys(publicRules).map((t) => [t, 'public']),
  ...Object.keys(privateTables).map((t) => [t, 'private']),
]) as Record<keyof Database, 'public' | 'private'>;

const parse = (json: string | null): Values | null => (json === null ? null : JSON.parse(json));

/**
 * A row deleted and inserted again as it was (a record or a roster saved unchanged) cancels out:
 * a save that changed nothing renders nothing. Only tables whose rows keep every column can tell.
 */
function withoutRewrites(rows: readonly ChangeRow[]): ChangeRow[] {
  const whole = (table: string) =>
    table in capturedTables && capturedTables[table as CapturedTableName].capture === 'all';
  const net = new Map<string, number>();
  const keyOf = (row: ChangeRow) =>
    row.kind === 'insert' ? `${row.table}\n${row.new}` : `${row.table}\n${row.old}`;
  for (const row of rows)
    if (row.kind !== 'update' && whole(row.table))
      net.set(keyOf(row), (net.get(keyOf(row)) ?? 0) + (row.kind === 'insert' ? 1 : -1));
  // of n deletes and m inserts of the same row, |n - m| are left, of the side with more
  const left = new Map(net);
  return rows.filter((row) => {
    if (row.kind === 'update' || !whole(row.table)) return true;
    const key = keyOf(row);
    const balance = left.get(key) ?? 0;
    const keep = row.kind === 'insert' ? balance > 0 : balance < 0;
    if (keep) left.set(key, balance + (row.kind === 'insert' ? -1 : 1));
    return keep;
  });
}

/**
 * The change names of some rows of the record (for expandChange), or null: render every page
 * (a rule said so, there are more than EVERY_PAGE_ABOVE rows, or a table is unknown).
 */
export function pageChanges(rows: readonly ChangeRow[]): string[] | null {
  if (rows.length > EVERY_PAGE_ABOVE) return null;
  const names = new Set<string>();
  for (const row of withoutRewrites(rows)) {
    const request = siteRequest(row);
    // a rollback switches builds and renders nothing (the publisher reads it: change-feed.ts)
    if (request) {
      if (request.action === 'rebuild') return null;
      continue;
    }
    const rule = publicRules[row.table as CapturedTableName];
    if (!rule) return null; // a table the triggers record but this module does not know
    const change = rule(row, parse(row.old), parse(row.new));
    if (change === 'every page') return null;
    for (const name of change) names.add(name);
  }
  return [...names];
}

/** The publish run's reason for some rows: how many, of which tables. */
export function changeReason(rows: readonly ChangeRow[]): string {
  const asked = rows.map(siteRequest).find((request) => request?.action === 'rebuild');
  if (asked) return asked.reason;
  const tables = [...new Set(rows.map((r) => r.table))];
  return `변경 기록 ${rows.length}건 (${tables.slice(0, 8).join(', ')}${tables.length > 8 ? ' …' : ''})`;
}
