import type { APIRoute, GetStaticPaths } from 'astro';
import { playerSeasonFilePaths } from '../../../../../server/read/static-paths.ts';
import { buildDb } from '../../../../../server/read/build-db.ts';
import { readPlayerGameLog } from '../../../../../server/read/player.ts';
import { gameLogTable } from '../../../../../components/tables/player-tables.ts';
import { tableCsv } from '../../../../../components/utils/table.ts';
import { csvResponse } from '../../../../../components/utils/csv.ts';

export const getStaticPaths = (() => playerSeasonFilePaths()) satisfies GetStaticPaths;

/** A player's games of one season as CSV. */
export const GET: APIRoute = async ({ props }) => {
  const { playerId, season } = props as Awaited<ReturnType<typeof playerSeasonFilePaths>>[number]['props'];
  const { header, rows } = tableCsv(gameLogTable('', await readPlayerGameLog(buildDb(), playerId, season.id), season));
  return csvResponse(header, rows);
};
