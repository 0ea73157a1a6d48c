import { seasonParam } from '../../lib/paths.ts';
import type { SeasonRef } from '../../lib/paths.ts';
import { buildDb } from './build-db.ts';
import { untracked } from './read-deps.ts';
import { readRouteIndex } from './route-index.ts';
import type { RouteIndex } from './route-index.ts';

/**
 * The build's route index (pages call these from getStaticPaths, which sees only imports). Astro
 * runs a route's getStaticPaths inside the render of its first page: that is not the page's data.
 */
async function index(): Promise<RouteIndex> {
  return untracked(() => readRouteIndex(buildDb()));
}

function refOf(idx: RouteIndex, seasonId: number): SeasonRef {
  return { id: seasonId, active: idx.site.active.id === seasonId };
}

/** One page per season: the spec route for the active season, /sbsa/season/{id}/… for the others. */
export async function seasonPaths() {
  const idx = await index();
  return idx.site.seasons.map((s) => {
    const season = refOf(idx, s.id);
    return {
      params: { season: seasonParam(season) },
      props: { season },
    };
  });
}

/** The season home pages (their key adds "today" and the latest notices). */
export async function seasonHomePaths() {
  const idx = await index();
  return idx.site.seasons.map((s) => {
    const season = refOf(idx, s.id);
    return { params: { season: seasonParam(season) }, props: { season } };
  });
}

/** One page per league, under its own season. */
export async function leaguePaths() {
  const idx = await index();
  return idx.leagues.map((l) => {
    const season = refOf(idx, l.seasonId);
    return {
      params: { season: seasonParam(season), leagueId: String(l.id) },
      props: { season, leagueId: l.id },
    };
  });
}

/** One page per team of a league. */
export async function leagueTeamPaths() {
  const idx = await index();
  return idx.leagueTeams.map((lt) => {
    const season = refOf(idx, lt.seasonId);
    return {
      params: {
        season: seasonParam(season),
        leagueId: String(lt.leagueId),
        teamId: String(lt.teamId),
      },
      props: { season, leagueId: lt.leagueId, teamId: lt.teamId },
    };
  });
}

/** One page per game. */
export async function gamePaths() {
  const idx = await index();
  return idx.games.map((g) => {
    const season = refOf(idx, g.seasonId);
    return {
      params: { season: seasonParam(season), leagueId: String(g.leagueId), gameId: String(g.id) },
      props: { season, leagueId: g.leagueId, gameId: g.id },
    };
  });
}

/** One roster page per team and season it played in. */
export async function seasonTeamPaths() {
  const idx = await index();
  return idx.seasonTeams.map((t) => {
    const season = refOf(idx, t.seasonId);
    return {
      params: { season: seasonParam(season), teamId: String(t.teamId) },
      props: { season, teamId: t.teamId },
    };
  });
}

/** One player page per season and team the player was on. */
export async function seasonPlayerPaths() {
  const idx = await index();
  return idx.seasonPlayers.map((p) => {
    const season = refOf(idx, p.seasonId);
    return {
      params: {
        season: seasonParam(season),
        teamId: String(p.teamId),
        playerId: String(p.playerId),
      },
      props: { season, teamId: p.teamId, playerId: p.playerId },
    };
  });
}

/** Calendar files per league. */
export async function leagueFilePaths() {
  const idx = await index();
  return idx.leagues.map((l) => ({
    params: { leagueId: String(l.id) },
    props: { leagueId: l.id, season: refOf(idx, l.seasonId) },
  }));
}

/** Calendar files per team of a league. */
export async function leagueTeamFilePaths() {
  const idx = await index();
  return idx.leagueTeams.map((lt) => ({
    params: { leagueId: String(lt.leagueId), teamId: String(lt.teamId) },
    props: { leagueId: lt.leagueId, teamId: lt.teamId, season: refOf(idx, lt.seasonId) },
  }));
}

/** Notice reading pages. */
export async function noticePaths() {
  const idx = await index();
  return idx.notices.map((wrId) => ({
    params: { wrId: String(wrId) },
    props: { wrId },
  }));
}

/** Notice list pages from the second on (the first is /sbsa/notice). */
export async function noticePagePaths() {
  const idx = await index();
  return Array.from({ length: Math.max(0, idx.noticePages - 1) }, (_, i) => ({
    params: { page: String(i + 2) },
    props: { page: i + 2 },
  }));
}

/** The records room's prebuilt sort orders: one page per league and order (src/components/utils/record-views.ts). */
export async function recordsViewPaths(views: readonly string[]) {
  const idx = await index();
  return idx.leagues.flatMap((l) => {
    const season = refOf(idx, l.seasonId);
    return views.map((view) => ({
      params: { season: seasonParam(season), leagueId: String(l.id), view },
      props: { season, leagueId: l.id, view },
    }));
  });
}
