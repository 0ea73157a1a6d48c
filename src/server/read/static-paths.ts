import { seasonParam } from '../../lib/paths.ts';
import type { SeasonRef } from '../../lib/paths.ts';
import { buildDb, buildToday } from './build-db.ts';
import { readRouteIndex } from './route-index.ts';
import type { RouteIndex } from './route-index.ts';
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

/**
 * Keys of pages whose game lists depend on the date as well as the data: a game left without a result
 * after its day reads 결과 입력 대기, and schedules mark 오늘 — so they are rendered again each day.
 */
function dated(key: string): string {
  return `${key}@${buildToday()}`;
}

function refOf(idx: RouteIndex, seasonId: number): SeasonRef {
  return { id: seasonId, active: idx.site.active.id === seasonId };
}

/** One page per season: the spec route for the active season, /sbsa/season/{id}/… for the others. */
export async function seasonPaths() {
  const [idx, k] = await Promise.all([index(), keys()]);
  return idx.site.seasons.map((s) => {
    const season = refOf(idx, s.id);
    return {
      params: { season: seasonParam(season) },
      props: { season },
      cacheKey: dated(k.season(s.id)),
    };
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
    return {
      params: { season: seasonParam(season), leagueId: String(l.id) },
      props: { season, leagueId: l.id },
      cacheKey: dated(k.league(l.id)),
    };
  });
}

/** One page per team of a league. */
export async function leagueTeamPaths() {
  const [idx, k] = await Promise.all([index(), keys()]);
  return idx.leagueTeams.map((lt) => {
    const season = refOf(idx, lt.seasonId);
    return {
      params: {
        season: seasonParam(season),
        leagueId: String(lt.leagueId),
        teamId: String(lt.teamId),
      },
      props: { season, leagueId: lt.leagueId, teamId: lt.teamId },
      cacheKey: dated(k.league(lt.leagueId)),
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
      props: { season, leagueId: g.leagueId, gameId: g.id },
      cacheKey: k.game(g.id),
    };
  });
}

/** One roster page per team and season it played in. */
export async function seasonTeamPaths() {
  const [idx, k] = await Promise.all([index(), keys()]);
  return idx.seasonTeams.map((t) => {
    const season = refOf(idx, t.seasonId);
    return {
      params: { season: seasonParam(season), teamId: String(t.teamId) },
      props: { season, teamId: t.teamId },
      cacheKey: k.teamSeason(t.seasonId, t.teamId),
    };
  });
}

/** One player page per season and team the player was on. */
export async function seasonPlayerPaths() {
  const [idx, k] = await Promise.all([index(), keys()]);
  return idx.seasonPlayers.map((p) => {
    const season = refOf(idx, p.seasonId);
    return {
      params: {
        season: seasonParam(season),
        teamId: String(p.teamId),
        playerId: String(p.playerId),
      },
      props: { season, teamId: p.teamId, playerId: p.playerId },
      cacheKey: k.player(p.playerId),
    };
  });
}

/** Calendar files per league. */
export async function leagueFilePaths() {
  const [idx, k] = await Promise.all([index(), keys()]);
  return idx.leagues.map((l) => ({
    params: { leagueId: String(l.id) },
    props: { leagueId: l.id, season: refOf(idx, l.seasonId) },
    cacheKey: k.league(l.id),
  }));
}

/** Calendar files per team of a league. */
export async function leagueTeamFilePaths() {
  const [idx, k] = await Promise.all([index(), keys()]);
  return idx.leagueTeams.map((lt) => ({
    params: { leagueId: String(lt.leagueId), teamId: String(lt.teamId) },
    props: { leagueId: lt.leagueId, teamId: lt.teamId, season: refOf(idx, lt.seasonId) },
    cacheKey: k.league(lt.leagueId),
  }));
}

/** Notice reading pages. */
export async function noticePaths() {
  const [idx, k] = await Promise.all([index(), keys()]);
  return idx.notices.map((wrId) => ({
    params: { wrId: String(wrId) },
    props: { wrId },
    cacheKey: k.notice(wrId),
  }));
}

/** Notice list pages from the second on (the first is /sbsa/notice). */
export async function noticePagePaths() {
  const [idx, k] = await Promise.all([index(), keys()]);
  return Array.from({ length: Math.max(0, idx.noticePages - 1) }, (_, i) => ({
    params: { page: String(i + 2) },
    props: { page: i + 2 },
    cacheKey: k.noticeList(),
  }));
}

/** The records room's prebuilt sort orders: one page per league and order (src/components/utils/record-views.ts). */
export async function recordsViewPaths(views: readonly string[]) {
  const [idx, k] = await Promise.all([index(), keys()]);
  return idx.leagues.flatMap((l) => {
    const season = refOf(idx, l.seasonId);
    return views.map((view) => ({
      params: { season: seasonParam(season), leagueId: String(l.id), view },
      props: { season, leagueId: l.id, view },
      cacheKey: k.league(l.id),
    }));
  });
}
