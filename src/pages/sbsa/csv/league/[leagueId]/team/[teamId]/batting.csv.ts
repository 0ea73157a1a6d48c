import type { APIRoute, GetStaticPaths } from 'astro';
import { leagueTeamFilePaths } from '../../../../../../../server/read/static-paths.ts';
import { buildDb } from '../../../../../../../server/read/build-db.ts';
import { readTeamSeason } from '../../../../../../../server/read/teams.ts';
import { teamBattingTable } from '../../../../../../../components/tables/player-tables.ts';
import { tableCsv } from '../../../../../../../components/utils/table.ts';
import { csvResponse } from '../../../../../../../components/utils/csv.ts';

export const getStaticPaths = (() => leagueTeamFilePaths()) satisfies GetStaticPaths;

/** A team's batters over a league as CSV. */
export const GET: APIRoute = async ({ props }) => {
  const { leagueId, teamId, season } = props as Awaited<ReturnType<typeof leagueTeamFilePaths>>[number]['props'];
  const data = await readTeamSeason(buildDb(), season.id, teamId);
  const batters = data.leagues.find((l) => l.league.id === leagueId)?.batters ?? [];
  const { header, rows } = tableCsv(teamBattingTable('', batters, season));
  return csvResponse(header, rows);
};
