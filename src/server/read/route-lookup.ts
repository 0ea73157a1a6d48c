import type { RouteIndex } from './route-index.ts';

/** Keyed views of a route index, so per-page questions ("does this team have a page in that season?") cost O(1). */
export interface RouteLookup {
  league(leagueId: number): RouteIndex['leagues'][number] | undefined;
  /** the league of a division in a season */
  divisionLeague(seasonId: number, divisionId: number): number | undefined;
  leagueHasTeam(leagueId: number, teamId: number): boolean;
  game(gameId: number): RouteIndex['games'][number] | undefined;
  seasonHasTeam(seasonId: number, teamId: number): boolean;
  /** the seasons and teams a player has a page through */
  playerPages(playerId: number): RouteIndex['seasonPlayers'];
}

const cache = new WeakMap<RouteIndex, RouteLookup>();

/** Builds (once per index) the keyed views of a route index. */
export function routeLookup(index: RouteIndex): RouteLookup {
  const hit = cache.get(index);
  if (hit) return hit;
  const leagues = new Map(index.leagues.map((l) => [l.id, l]));
  const divisionLeagues = new Map<string, number>();
  for (const l of index.leagues)
    if (l.divisionId !== null && !divisionLeagues.has(`${l.seasonId}:${l.divisionId}`))
      divisionLeagues.set(`${l.seasonId}:${l.divisionId}`, l.id);
  const leagueTeams = new Set(index.leagueTeams.map((lt) => `${lt.leagueId}:${lt.teamId}`));
  const games = new Map(index.games.map((g) => [g.id, g]));
  const seasonTeams = new Set(index.seasonTeams.map((t) => `${t.seasonId}:${t.teamId}`));
  const players = new Map<number, RouteIndex['seasonPlayers']>();
  for (const p of index.seasonPlayers) {
    const list = players.get(p.playerId);
    if (list) list.push(p);
    else players.set(p.playerId, [p]);
  }
  const lookup: RouteLookup = {
    league: (id) => leagues.get(id),
    divisionLeague: (seasonId, divisionId) => divisionLeagues.get(`${seasonId}:${divisionId}`),
    leagueHasTeam: (leagueId, teamId) => leagueTeams.has(`${leagueId}:${teamId}`),
    game: (id) => games.get(id),
    seasonHasTeam: (seasonId, teamId) => seasonTeams.has(`${seasonId}:${teamId}`),
    playerPages: (playerId) => players.get(playerId) ?? [],
  };
  cache.set(index, lookup);
  return lookup;
}
