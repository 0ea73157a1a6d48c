import type { Db } from '../db/database.ts';
import { pathsScope } from './build-db.ts';
import { memoByDb } from './memo.ts';
import { readNotices, noticePageCount } from './notices.ts';
import { readSite } from './site.ts';
import type { SiteInfo } from './site.ts';

/** Every id a public page is built for, read once per build: getStaticPaths, the sitemap and the season menu use it. */
export interface RouteIndex {
  site: SiteInfo;
  leagues: { id: number; seasonId: number; divisionId: number | null }[];
  leagueTeams: { leagueId: number; teamId: number; seasonId: number }[];
  games: { id: number; leagueId: number; seasonId: number }[];
  /** teams with a roster page in a season */
  seasonTeams: { seasonId: number; teamId: number }[];
  /** players with a player page in a season, through a team */
  seasonPlayers: { seasonId: number; teamId: number; playerId: number }[];
  /** every player with at least one page */
  players: number[];
  notices: number[];
  noticePages: number;
}

/** Reads the route index of the build's database. */
export const readRouteIndex = memoByDb(
  async (db: Db): Promise<RouteIndex> => {
    const site = await readSite(db);
    const seasonIds = site.seasons.map((s) => s.id);
    const has = seasonIds.length > 0;
    const leagues = has
      ? await db
          .selectFrom('leagues')
          .select(['id', 'season_id', 'division_id'])
          .where('season_id', 'in', seasonIds)
          .orderBy('id')
          .execute()
      : [];
    const leagueIds = leagues.map((l) => l.id);
    const seasonOf = new Map(leagues.map((l) => [l.id, l.season_id]));
    const any = leagueIds.length > 0;
    const [leagueTeams, games, rostered, batted, pitched, notices] = await Promise.all([
      any
        ? db
            .selectFrom('league_teams')
            .select(['league_id', 'team_id'])
            .where('league_id', 'in', leagueIds)
            .orderBy('league_id')
            .orderBy('team_id')
            .execute()
        : [],
      any
        ? db
            .selectFrom('games')
            .select(['id', 'league_id'])
            .where('league_id', 'in', leagueIds)
            .orderBy('id')
            .execute()
        : [],
      any
        ? db
            .selectFrom('league_players')
            .select(['league_id', 'team_id', 'player_id'])
            .where('league_id', 'in', leagueIds)
            .execute()
        : [],
      any
        ? db
            .selectFrom('game_batting as b')
            .innerJoin('games as g', 'g.id', 'b.game_id')
            .select(['g.league_id', 'b.team_id', 'b.player_id'])
            .distinct()
            .where('g.league_id', 'in', leagueIds)
            .execute()
        : [],
      any
        ? db
            .selectFrom('game_pitching as p')
            .innerJoin('games as g', 'g.id', 'p.game_id')
            .select(['g.league_id', 'p.team_id', 'p.player_id'])
            .distinct()
            .where('g.league_id', 'in', leagueIds)
            .execute()
        : [],
      readNotices(db, site.association.id),
    ]);

    const seasonTeams = new Map<string, { seasonId: number; teamId: number }>();
    for (const lt of leagueTeams) {
      const seasonId = seasonOf.get(lt.league_id)!;
      seasonTeams.set(`${seasonId}:${lt.team_id}`, { seasonId, teamId: lt.team_id });
    }
    const seasonPlayers = new Map<string, { seasonId: number; teamId: number; playerId: number }>();
    for (const row of [...rostered, ...batted, ...pitched]) {
      const seasonId = seasonOf.get(row.league_id)!;
      seasonPlayers.set(`${seasonId}:${row.team_id}:${row.player_id}`, {
        seasonId,
        teamId: row.team_id,
        playerId: row.player_id,
      });
      // A player who played for a team outside its league roster still needs the team's page to exist.
      seasonTeams.set(`${seasonId}:${row.team_id}`, { seasonId, teamId: row.team_id });
    }

    return {
      site,
      leagues: leagues.map((l) => ({ id: l.id, seasonId: l.season_id, divisionId: l.division_id })),
      leagueTeams: leagueTeams.map((lt) => ({
        leagueId: lt.league_id,
        teamId: lt.team_id,
        seasonId: seasonOf.get(lt.league_id)!,
      })),
      games: games.map((g) => ({
        id: g.id,
        leagueId: g.league_id,
        seasonId: seasonOf.get(g.league_id)!,
      })),
      seasonTeams: [...seasonTeams.values()],
      seasonPlayers: [...seasonPlayers.values()],
      players: [...new Set([...seasonPlayers.values()].map((p) => p.playerId))].sort(
        (a, b) => a - b,
      ),
      notices: notices.map((n) => n.wrId),
      noticePages: noticePageCount(notices.length),
    };
  },
  () => ['paths'],
  // a render job whose change left every path as it was keeps the index of the job before
  pathsScope,
);
