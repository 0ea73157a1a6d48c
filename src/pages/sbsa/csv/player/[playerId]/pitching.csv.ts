import type { APIRoute, GetStaticPaths } from 'astro';
import { playerFilePaths } from '../../../../../server/read/static-paths.ts';
import { buildDb } from '../../../../../server/read/build-db.ts';
import { readPlayerCareer } from '../../../../../server/read/player.ts';
import { careerPitchingTable } from '../../../../../components/tables/player-tables.ts';
import { tableCsv } from '../../../../../components/utils/table.ts';
import { csvResponse } from '../../../../../components/utils/csv.ts';

export const getStaticPaths = (() => playerFilePaths()) satisfies GetStaticPaths;

/** A player's pitching season by season, with the career line, as CSV. */
export const GET: APIRoute = async ({ props }) => {
  const { playerId } = props as Awaited<ReturnType<typeof playerFilePaths>>[number]['props'];
  const { header, rows } = tableCsv(careerPitchingTable(await readPlayerCareer(buildDb(), playerId)));
  return csvResponse(header, rows);
};
