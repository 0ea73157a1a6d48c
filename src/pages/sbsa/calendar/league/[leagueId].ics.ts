import type { APIRoute, GetStaticPaths } from 'astro';
import { leagueFilePaths } from '../../../../server/read/static-paths.ts';
import { buildDb, publicOrigin } from '../../../../server/read/build-db.ts';
import { readSite } from '../../../../server/read/site.ts';
import { readLeague } from '../../../../server/read/leagues.ts';
import { readLeagueGames } from '../../../../server/read/games.ts';
import { gameEvents } from '../../../../components/utils/game-events.ts';
import { icsResponse } from '../../../../components/utils/ics.ts';

export const getStaticPaths = (() => leagueFilePaths()) satisfies GetStaticPaths;

/** A league's whole schedule as an iCalendar feed. */
export const GET: APIRoute = async ({ props }) => {
  const { leagueId, season } = props as Awaited<
    ReturnType<typeof leagueFilePaths>
  >[number]['props'];
  const db = buildDb();
  const [site, league, games] = await Promise.all([
    readSite(db),
    readLeague(db, leagueId),
    readLeagueGames(db, leagueId),
  ]);
  return icsResponse({
    name: `${league.name} 경기 일정`,
    description: `${site.association.name} ${league.name} 전체 경기 일정`,
    events: gameEvents(games, season, publicOrigin()),
  });
};
