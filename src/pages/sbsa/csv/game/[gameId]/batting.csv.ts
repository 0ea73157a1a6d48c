import type { APIRoute, GetStaticPaths } from 'astro';
import { gameFilePaths } from '../../../../../server/read/static-paths.ts';
import { buildDb } from '../../../../../server/read/build-db.ts';
import { readBoxScore } from '../../../../../server/read/box-score.ts';
import { boxBattingCsvTable } from '../../../../../components/tables/box-tables.ts';
import { tableCsv } from '../../../../../components/utils/table.ts';
import { csvResponse } from '../../../../../components/utils/csv.ts';

export const getStaticPaths = (() => gameFilePaths()) satisfies GetStaticPaths;

/** Both teams' batting in a game as CSV. */
export const GET: APIRoute = async ({ props }) => {
  const { gameId, season } = props as Awaited<ReturnType<typeof gameFilePaths>>[number]['props'];
  const { header, rows } = tableCsv(boxBattingCsvTable(await readBoxScore(buildDb(), gameId), season));
  return csvResponse(header, rows);
};
