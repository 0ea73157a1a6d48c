import type { APIRoute, GetStaticPaths } from 'astro';
import { leagueFilePaths } from '../../../../../server/read/static-paths.ts';
import { buildDb } from '../../../../../server/read/build-db.ts';
import { readLeagueStandings } from '../../../../../server/read/standings.ts';
import { standingsTable } from '../../../../../components/tables/standings-table.ts';
import { tableCsv } from '../../../../../components/utils/table.ts';
import { csvResponse } from '../../../../../components/utils/csv.ts';

export const getStaticPaths = (() => leagueFilePaths()) satisfies GetStaticPaths;

/** A league's standings as CSV, the same table the results page shows. */
export const GET: APIRoute = async ({ props }) => {
  const { leagueId, season } = props as Awaited<ReturnType<typeof leagueFilePaths>>[number]['props'];
  const { header, rows } = tableCsv(standingsTable(await readLeagueStandings(buildDb(), leagueId), season));
  return csvResponse(header, rows);
};
