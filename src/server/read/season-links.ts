import { paths } from '../../lib/paths.ts';
import type { SeasonRef } from '../../lib/paths.ts';
import type { RouteIndex } from './route-index.ts';
import { dependsOn } from './read-deps.ts';
import { routeLookup } from './route-lookup.ts';

/** Which page a visitor is on, as far as switching seasons cares. */
export type PageRef =
  | {
      kind:
        | 'home'
        | 'leagueSchedules'
        | 'gameSchedule'
        | 'leagueResults'
        | 'gameResults'
        | 'teams'
        | 'other';
    }
  | { kind: 'leagueSchedule'; leagueId: number }
  | { kind: 'teamSchedule'; leagueId: number; teamId: number }
  | { kind: 'boxScore'; leagueId: number; gameId: number }
  | { kind: 'teamPlayers'; teamId: number }
  | { kind: 'player'; teamId: number; playerId: number };

/** A choice of the season menu. */
export interface SeasonLink {
  id: number;
  name: string;
  active: boolean;
  href: string;
}

// The same division's league stands for "this league" in another season.
function matchingLeague(index: RouteIndex, leagueId: number, seasonId: number): number | null {
  const lookup = routeLookup(index);
  const league = lookup.league(leagueId);
  if (!league) return null;
  if (league.seasonId === seasonId) return league.id;
  if (league.divisionId === null) return null;
  return lookup.divisionLeague(seasonId, league.divisionId) ?? null;
}

/** The page of a season closest to the given page: the same page if it exists there, else its nearest list. */
export function seasonEquivalent(index: RouteIndex, page: PageRef, season: SeasonRef): string {
  const lookup = routeLookup(index);
  const teamIn = (teamId: number) => lookup.seasonHasTeam(season.id, teamId);
  switch (page.kind) {
    case 'leagueSchedules':
      return paths.leagueSchedules(season);
    case 'gameSchedule':
      return paths.gameSchedule(season);
    case 'leagueResults':
      return paths.leagueResults(season);
    case 'gameResults':
      return paths.gameResults(season);
    case 'teams':
      return paths.teams(season);
    case 'leagueSchedule': {
      const leagueId = matchingLeague(index, page.leagueId, season.id);
      return leagueId === null
        ? paths.leagueSchedules(season)
        : paths.leagueSchedule(season, leagueId);
    }
    case 'teamSchedule': {
      const leagueId = matchingLeague(index, page.leagueId, season.id);
      if (leagueId === null) return paths.leagueSchedules(season);
      return lookup.leagueHasTeam(leagueId, page.teamId)
        ? paths.teamSchedule(season, leagueId, page.teamId)
        : paths.leagueSchedule(season, leagueId);
    }
    case 'boxScore': {
      const game = lookup.game(page.gameId);
      return game?.seasonId === season.id
        ? paths.boxScore(season, page.leagueId, page.gameId)
        : paths.gameResults(season);
    }
    case 'teamPlayers':
      return teamIn(page.teamId) ? paths.teamPlayers(season, page.teamId) : paths.teams(season);
    case 'player': {
      const here = lookup.playerPages(page.playerId).filter((p) => p.seasonId === season.id);
      const same = here.find((p) => p.teamId === page.teamId) ?? here[0];
      if (same) return paths.player(season, same.teamId, page.playerId);
      return teamIn(page.teamId) ? paths.teamPlayers(season, page.teamId) : paths.teams(season);
    }
    default:
      return paths.home(season);
  }
}

/**
 * The data keys the season menu of a page reads (read-deps.ts): the seasons, and whether the
 * page's league, team, game or player has a page in each of them.
 */
function menuKeys(page: PageRef): string[] {
  switch (page.kind) {
    case 'leagueSchedule':
      return [`league:${page.leagueId}`];
    case 'teamSchedule':
      return [`league:${page.leagueId}`, `team:${page.teamId}`];
    case 'boxScore':
      return [`game:${page.gameId}`];
    case 'teamPlayers':
      return [`team:${page.teamId}`];
    case 'player':
      return [`player:${page.playerId}`, `team:${page.teamId}`];
    default:
      return [];
  }
}

/** Every season with the link the season menu offers for it on the given page. */
export function seasonLinks(index: RouteIndex, page: PageRef): SeasonLink[] {
  dependsOn('site', ...menuKeys(page));
  return index.site.seasons.map((season) => ({
    id: season.id,
    name: season.name,
    active: season.active,
    href: seasonEquivalent(index, page, season),
  }));
}
