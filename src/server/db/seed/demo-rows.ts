import type { Database, NewRow } from '../schema.ts';

/** Tables the demo seed fills, in an order that satisfies every foreign key. */
export const SEED_TABLES = [
  'league_main',
  'users',
  'league_managers',
  'divisions',
  'teams',
  'team_managers',
  'players',
  'team_players',
  'coaches',
  'team_coaches',
  'seasons',
  'leagues',
  'league_teams',
  'league_players',
  'league_coaches',
  'games',
  'game_innings',
  'game_batting',
  'game_pitching',
  'league_results',
  'league_awards',
  'notices',
] as const satisfies readonly (keyof Database)[];

export type SeedTable = (typeof SEED_TABLES)[number];

/** Every row of the demo data, by table, with explicit ids so foreign keys are known before inserting. */
export type DemoRows = { [K in SeedTable]: NewRow<K>[] };

export function emptyRows(): DemoRows {
  return Object.fromEntries(SEED_TABLES.map((t) => [t, []])) as unknown as DemoRows;
}
