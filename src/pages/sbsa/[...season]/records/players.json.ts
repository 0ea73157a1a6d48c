import type { APIRoute, GetStaticPaths } from 'astro';
import { paths } from '../../../../lib/paths.ts';
import type { SeasonRef } from '../../../../lib/paths.ts';
import { buildDb } from '../../../../server/read/build-db.ts';
import { readSeason } from '../../../../server/read/site.ts';
import { readSeasonPlayerIndex } from '../../../../server/read/season-player-index.ts';
import { seasonPaths } from '../../../../server/read/static-paths.ts';

export const getStaticPaths = (() => seasonPaths()) satisfies GetStaticPaths;

/** The season's player index for the records room's search: [name, team, season, link] rows, small. */
export const GET: APIRoute = async ({ props }) => {
  const { season } = props as { season: SeasonRef };
  const db = buildDb();
  const [info, players] = await Promise.all([
    readSeason(db, season.id),
    readSeasonPlayerIndex(db, season.id),
  ]);
  const rows = players.map((p) => [
    p.name,
    p.teamName,
    info.name,
    paths.player(season, p.teamId, p.playerId),
  ]);
  return new Response(JSON.stringify(rows), {
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
};
