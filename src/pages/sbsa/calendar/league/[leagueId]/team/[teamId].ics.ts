import type { APIRoute, GetStaticPaths } from 'astro';
import { leagueTeamFilePaths } from '../../../../../../server/read/static-paths.ts';
import { buildDb, publicOrigin } from '../../../../../../server/read/build-db.ts';
import { readSite } from '../../../../../../server/read/site.ts';
import { readLeague, readLeagueTeams } from '../../../../../../server/read/leagues.ts';
import { readLeagueGames } from '../../../../../../server/read/games.ts';
import { gameEvents } from '../../../../../../components/utils/game-events.ts';
import { icsResponse } from '../../../../../../components/utils/ics.ts';

export const getStaticPaths = (() => leagueTeamFilePaths()) satisfies GetStaticPaths;

/** One team's games in a league as an iCalendar feed. */
export const GET: APIRoute = async ({ props }) => {
  const { leagueId, teamId, season } = props as Awaited<
    ReturnType<typeof leagueTeamFilePaths>
  >[number]['props'];
  const db = buildDb();
  const [site, league, teams, games] = await Promise.all([
    readSite(db),
    readLeague(db, leagueId),
    readLeagueTeams(db, leagueId),
    readLeagueGames(db, leagueId),
  ]);
  const team = teams.find((t) => t.id === teamId)!;
  return icsResponse({
    name: `${team.name} 경기 일정 (${league.name})`,
    description: `${site.association.name} ${league.name} ${team.name} 경기 일정`,
    events: gameEvents(
      games.filter((g) => g.home.id === teamId || g.away.id === teamId),
      season,
      publicOrigin(),
    ),
  });
};
