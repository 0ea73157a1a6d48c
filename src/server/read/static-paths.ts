import { paths, seasonParam } from '../../lib/paths.ts';
import type { SeasonRef } from '../../lib/paths.ts';
import { buildDb } from './build-db.ts';
import { readRouteIndex } from './route-index.ts';
import type { RouteIndex } from './route-index.ts';
import { routeLookup } from './route-lookup.ts';
import { readPageKeys } from './page-keys.ts';
import type { PageKeys } from './page-keys.ts';

/** The build's route index (pages call these from getStaticPaths, which sees only imports). */
async function index(): Promise<RouteIndex> {
  return readRouteIndex(buildDb());
}

/**
 * The cache keys of the build's pages: every path below carries a `cacheKey` (a digest of the data
 * the page shows), so Astro's incremental build reuses the pages whose data did not change.
 */
async function keys(): Promise<PageKeys> {
  return readPageKeys(buildDb());
}

function refOf(idx: RouteIndex, seasonId: number): SeasonRef {
  return { id: seasonId, active: idx.site.active.id === seasonId };
}

/** One page per season: the spec route for the active season, /sbsa/season/{id}/… for the others. */
export async function seasonPaths() {
  const [idx, k] = await Promise.all([index(), keys()]);
  return idx.site.seasons.map((s) => {
    const season = refOf(idx, s.id);
    return { params: { season: seasonParam(season) }, props: { season }, cacheKey: k.season(s.id) };
  });
}

/** The season home pages (their key adds "today" and the latest notices). */
export async function seasonHomePaths() {
  const [idx, k] = await Promise.all([index(), keys()]);
  return idx.site.seasons.map((s) => {
    const season = refOf(idx, s.id);
    return { params: { season: seasonParam(season) }, props: { season }, cacheKey: k.home(s.id) };
  });
}

/** One page per league, under its own season. */
export async function leaguePaths() {
  const [idx, k] = await Promise.all([index(), keys()]);
  return idx.leagues.map((l) => {
    const season = refOf(idx, l.seasonId);
    return { params: { season: seasonParam(season), leagueId: String(l.id) }, props: { season, leagueId: l.id }, cacheKey: k.league(l.id) };
  });
}

/** One page per team of a league. */
export async function leagueTeamPaths() {
  const [idx, k] = await Promise.all([index(), keys()]);
  return idx.leagueTeams.map((lt) => {
    const season = refOf(idx, lt.seasonId);
    return {
      params: { season: seasonParam(season), leagueId: String(lt.leagueId), teamId: String(lt.teamId) },
      props: { season, leagueId: lt.leagueId, teamId: lt.teamId }, cacheKey: k.league(lt.leagueId),
    };
  });
}

/** One page per game. */
export async function gamePaths() {
  const [idx, k] = await Promise.all([index(), keys()]);
  return idx.games.map((g) => {
    const season = refOf(idx, g.seasonId);
    return {
      params: { season: seasonParam(season), leagueId: String(g.leagueId), gameId: String(g.id) },
      props: { season, leagueId: g.leagueId, gameId: g.id }, cacheKey: k.game(g.id),
    };
  });
}

/** One roster page per team and season it played in. */
export async function seasonTeamPaths() {
  const [idx, k] = await Promise.all([index(), keys()]);
  return idx.seasonTeams.map((t) => {
    const season = refOf(idx, t.seasonId);
    return { params: { season: seasonParam(season), teamId: String(t.teamId) }, props: { season, teamId: t.teamId }, cacheKey: k.teamSeason(t.seasonId, t.teamId) };
  });
}

/** One player page per season and team the player was on. */
export async function seasonPlayerPaths() {
  const [idx, k] = await Promise.all([index(), keys()]);
  return idx.seasonPlayers.map((p) => {
    const season = refOf(idx, p.seasonId);
    return {
      params: { season: seasonParam(season), teamId: String(p.teamId), playerId: String(p.playerId) },
      props: { season, teamId: p.teamId, playerId: p.playerId }, cacheKey: k.player(p.playerId),
    };
  });
}

/** Calendar and CSV files per league. */
export async function leagueFilePaths() {
  const [idx, k] = await Promise.all([index(), keys()]);
  return idx.leagues.map((l) => ({ params: { leagueId: String(l.id) }, props: { leagueId: l.id, season: refOf(idx, l.seasonId) }, cacheKey: k.league(l.id) }));
}

/** Calendar and CSV files per team of a league. */
export async function leagueTeamFilePaths() {
  const [idx, k] = await Promise.all([index(), keys()]);
  return idx.leagueTeams.map((lt) => ({
    params: { leagueId: String(lt.leagueId), teamId: String(lt.teamId) },
    props: { leagueId: lt.leagueId, teamId: lt.teamId, season: refOf(idx, lt.seasonId) },
    cacheKey: k.league(lt.leagueId),
  }));
}

/** CSV files per game that has a box score page. */
export async function gameFilePaths() {
  const [idx, k] = await Promise.all([index(), keys()]);
  return idx.games.map((g) => ({ params: { gameId: String(g.id) }, props: { gameId: g.id, season: refOf(idx, g.seasonId) }, cacheKey: k.game(g.id) }));
}

/** CSV files per player. */
export async function playerFilePaths() {
  const [idx, k] = await Promise.all([index(), keys()]);
  return idx.players.map((playerId) => ({ params: { playerId: String(playerId) }, props: { playerId }, cacheKey: k.player(playerId) }));
}

/** Game-log CSV files per player and season. */
export async function playerSeasonFilePaths() {
  const [idx, k] = await Promise.all([index(), keys()]);
  const seen = new Set<string>();
  const out: { params: { playerId: string; seasonId: string }; props: { playerId: number; season: SeasonRef }; cacheKey: string }[] = [];
  for (const p of idx.seasonPlayers) {
    const key = `${p.playerId}:${p.seasonId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ params: { playerId: String(p.playerId), seasonId: String(p.seasonId) }, props: { playerId: p.playerId, season: refOf(idx, p.seasonId) }, cacheKey: k.player(p.playerId) });
  }
  return out;
}

/** Notice reading pages. */
export async function noticePaths() {
  const [idx, k] = await Promise.all([index(), keys()]);
  return idx.notices.map((wrId) => ({ params: { wrId: String(wrId) }, props: { wrId }, cacheKey: k.notice(wrId) }));
}

/** Notice list pages from the second on (the first is /sbsa/notice). */
export async function noticePagePaths() {
  const [idx, k] = await Promise.all([index(), keys()]);
  return Array.from({ length: Math.max(0, idx.noticePages - 1) }, (_, i) => ({ params: { page: String(i + 2) }, props: { page: i + 2 }, cacheKey: k.noticeList() }));
}

/** A forwarding page: it shows nothing but its target, so the target is its cache key. */
function forward<P>(params: P, to: string) {
  return { params, props: { to }, cacheKey: `to:${to}` };
}

/** The latest season (newest first in the index) in which the given test holds. */
function latestSeason(idx: RouteIndex, has: (seasonId: number) => boolean): SeasonRef | null {
  const season = idx.site.seasons.find((s) => has(s.id));
  return season ? refOf(idx, season.id) : null;
}

/**
 * Permanent addresses: a league, team or player page of a past season keeps answering at its spec
 * route with a redirect page to its season copy, so links written in notices never break when the
 * active season changes.
 */
export async function leagueRedirectPaths() {
  const idx = await index();
  return idx.leagues.filter((l) => l.seasonId !== idx.site.active.id)
    .map((l) => forward({ leagueId: String(l.id) }, paths.leagueSchedule(refOf(idx, l.seasonId), l.id)));
}

/** Redirect pages for the team schedules of past seasons' leagues. */
export async function leagueTeamRedirectPaths() {
  const idx = await index();
  return idx.leagueTeams.filter((lt) => lt.seasonId !== idx.site.active.id)
    .map((lt) => forward({ leagueId: String(lt.leagueId), teamId: String(lt.teamId) }, paths.teamSchedule(refOf(idx, lt.seasonId), lt.leagueId, lt.teamId)));
}

/** Redirect pages for the games of past seasons. */
export async function gameRedirectPaths() {
  const idx = await index();
  return idx.games.filter((g) => g.seasonId !== idx.site.active.id)
    .map((g) => forward({ leagueId: String(g.leagueId), gameId: String(g.id) }, paths.boxScore(refOf(idx, g.seasonId), g.leagueId, g.id)));
}

/** Redirect pages for teams without a roster in the active season, to their latest season. */
export async function teamRedirectPaths() {
  const idx = await index();
  const lookup = routeLookup(idx);
  const teams = [...new Set(idx.seasonTeams.map((t) => t.teamId))];
  return teams
    .filter((teamId) => !lookup.seasonHasTeam(idx.site.active.id, teamId))
    .map((teamId) => ({ teamId, season: latestSeason(idx, (s) => lookup.seasonHasTeam(s, teamId))! }))
    .map(({ teamId, season }) => forward({ teamId: String(teamId) }, paths.teamPlayers(season, teamId)));
}

/** Redirect pages for players without a page in the active season (through that team), to their latest season. */
export async function playerRedirectPaths() {
  const idx = await index();
  const lookup = routeLookup(idx);
  const active = idx.site.active.id;
  const out: ReturnType<typeof forward<{ teamId: string; playerId: string }>>[] = [];
  for (const playerId of idx.players) {
    const pages = lookup.playerPages(playerId);
    for (const teamId of new Set(pages.map((p) => p.teamId))) {
      const here = (s: number) => pages.some((p) => p.seasonId === s && p.teamId === teamId);
      if (here(active)) continue;
      const season = latestSeason(idx, here)!;
      out.push(forward({ teamId: String(teamId), playerId: String(playerId) }, paths.player(season, teamId, playerId)));
    }
  }
  return out;
}
