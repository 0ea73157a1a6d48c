import type { APIRoute, GetStaticPaths } from 'astro';
import { leagueTeamFilePaths } from '../../../../../../../server/read/static-paths.ts';
import { buildDb } from '../../../../../../../server/read/build-db.ts';
import { readTeamSeason } from '../../../../../../../server/read/teams.ts';
import { teamPitchingTable } from '../../../../../../../components/tables/player-tables.ts';
import { tableCsv } from '../../../../../../../components/utils/table.ts';
import { csvResponse } from '../../../../../../../components/utils/csv.ts';

export const getStaticPaths = (() => leagueTeamFilePaths()) satisfies GetStaticPaths;

/** A team's pitchers over a league as CSV. */
export const GET: APIRoute = async ({ props }) => {
  const { leagueId, teamId, season } = props as Awaited<ReturnType<typeof leagueTeamFilePaths>>[number]['props'];
  const data = await readTeamSeason(buildDb(), season.id, teamId);
  const entry = data.leagues.find((l) => l.league.id === leagueId);
  const { header, rows } = tableCsv(teamPitchingTable('', entry?.pitchers ?? [], entry?.league.eraBasis ?? 7, season));
  return csvResponse(header, rows);
};
