import type { APIRoute, GetStaticPaths } from 'astro';
import { leagueFilePaths } from '../../../../../server/read/static-paths.ts';
import { buildDb } from '../../../../../server/read/build-db.ts';
import { readLeague } from '../../../../../server/read/leagues.ts';
import { readLeagueLeaders } from '../../../../../server/read/leaders.ts';
import { leadersTable } from '../../../../../components/tables/leaders-table.ts';
import { tableCsv } from '../../../../../components/utils/table.ts';
import { csvResponse } from '../../../../../components/utils/csv.ts';

export const getStaticPaths = (() => leagueFilePaths()) satisfies GetStaticPaths;

/** A league's leaderboards (top 5 of each category, as on the league page) as CSV. */
export const GET: APIRoute = async ({ props }) => {
  const { leagueId } = props as Awaited<ReturnType<typeof leagueFilePaths>>[number]['props'];
  const db = buildDb();
  const [league, leaders] = await Promise.all([readLeague(db, leagueId), readLeagueLeaders(db, leagueId, 5)]);
  const { header, rows } = tableCsv(leadersTable(league.name, [...leaders.batting, ...leaders.pitching]));
  return csvResponse(header, rows);
};
