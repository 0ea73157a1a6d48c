/** Which season a page shows: the active season lives at the spec routes, others under /sbsa/season/{id}. */
export interface SeasonRef {
  id: number;
  active: boolean;
}

/** The association's address segment, the root of every public page (db/default-association.ts). */
export const ASSOCIATION_PATH = 'sbsa';

const ROOT = `/${ASSOCIATION_PATH}`;

/** Path segment of a season copy; 'season' never starts a spec route, so copies cannot collide with them. */
export const SEASON_SEGMENT = 'season';

/** '/sbsa' for the active season, '/sbsa/season/{id}' for any other. */
export function seasonRoot(season: SeasonRef): string {
  return season.active ? ROOT : `${ROOT}/${SEASON_SEGMENT}/${season.id}`;
}

/** The value of a page's `[...season]` route parameter: undefined for the active season. */
export function seasonParam(season: SeasonRef): string | undefined {
  return season.active ? undefined : `${SEASON_SEGMENT}/${season.id}`;
}

/** The season id in a `[...season]` parameter, or null for the active season's spec route. */
export function seasonIdFromParam(param: string | undefined): number | null {
  if (!param) return null;
  const match = new RegExp(`^${SEASON_SEGMENT}/(\\d+)$`).exec(param);
  return match ? Number(match[1]) : null;
}

/** The season id of a season copy's path ('/sbsa/season/3/…'), null for the active season's routes. */
export function seasonIdOfPath(pathname: string): number | null {
  const match = new RegExp(`^${ROOT}/${SEASON_SEGMENT}/(\\d+)(?:/|$)`).exec(pathname);
  return match ? Number(match[1]) : null;
}

const TEAM_PAGE = new RegExp(
  `^${ROOT}(?:/${SEASON_SEGMENT}/\\d+)?/(?:stats/team/(\\d+)/players|schedule/league/\\d+/(\\d+))(?:/|$)`,
);

/**
 * The team of a team's own page, its player list or its schedule in a league
 * ('/sbsa/stats/team/9/players', '/sbsa/season/1/schedule/league/4/9'), in any season; null for
 * any other path.
 */
export function teamIdOfTeamPage(pathname: string): number | null {
  const match = TEAM_PAGE.exec(pathname);
  return match ? Number(match[1] ?? match[2]) : null;
}

/** Every public link of the portal; pages and components never write a path by hand. */
export const paths = {
  home: (season: SeasonRef) => seasonRoot(season),
  leagueSchedules: (season: SeasonRef) => `${seasonRoot(season)}/schedule/league`,
  leagueSchedule: (season: SeasonRef, leagueId: number) =>
    `${seasonRoot(season)}/schedule/league/${leagueId}`,
  teamSchedule: (season: SeasonRef, leagueId: number, teamId: number) =>
    `${seasonRoot(season)}/schedule/league/${leagueId}/${teamId}`,
  gameSchedule: (season: SeasonRef) => `${seasonRoot(season)}/schedule/game`,
  leagueResults: (season: SeasonRef) => `${seasonRoot(season)}/result/league`,
  gameResults: (season: SeasonRef) => `${seasonRoot(season)}/result/game`,
  boxScore: (season: SeasonRef, leagueId: number, gameId: number) =>
    `${seasonRoot(season)}/result/game/${leagueId}/${gameId}`,
  teams: (season: SeasonRef) => `${seasonRoot(season)}/stats/teams`,
  teamPlayers: (season: SeasonRef, teamId: number) =>
    `${seasonRoot(season)}/stats/team/${teamId}/players`,
  player: (season: SeasonRef, teamId: number, playerId: number) =>
    `${seasonRoot(season)}/stats/team/${teamId}/player/${playerId}`,

  /** the records room of a season, and one league's table in one sort order */
  records: (season: SeasonRef) => `${seasonRoot(season)}/records`,
  recordsView: (season: SeasonRef, leagueId: number, view: string) =>
    `${seasonRoot(season)}/records/${leagueId}/${view}`,
  /** the small player index the records room's search loads when it is used */
  playerIndex: (season: SeasonRef) => `${seasonRoot(season)}/records/players.json`,

  notices: (page = 1) => (page <= 1 ? `${ROOT}/notice` : `${ROOT}/notice/page/${page}`),
  notice: (wrId: number) => `${ROOT}/notice/${wrId}`,
  policy: (kind: 'service' | 'privacy') => `/policy/${kind}`,

  leagueCalendar: (leagueId: number) => `${ROOT}/calendar/league/${leagueId}.ics`,
  teamCalendar: (leagueId: number, teamId: number) =>
    `${ROOT}/calendar/league/${leagueId}/team/${teamId}.ics`,

  csv: {
    standings: (leagueId: number) => `${ROOT}/csv/league/${leagueId}/standings.csv`,
    leaders: (leagueId: number) => `${ROOT}/csv/league/${leagueId}/leaders.csv`,
    /** every team's batting or pitching totals of a league (the records room's team table) */
    teamTotals: (leagueId: number, kind: 'batting' | 'pitching') =>
      `${ROOT}/csv/league/${leagueId}/team-${kind}.csv`,
    teamBatting: (leagueId: number, teamId: number) =>
      `${ROOT}/csv/league/${leagueId}/team/${teamId}/batting.csv`,
    teamPitching: (leagueId: number, teamId: number) =>
      `${ROOT}/csv/league/${leagueId}/team/${teamId}/pitching.csv`,
    gameBatting: (gameId: number) => `${ROOT}/csv/game/${gameId}/batting.csv`,
    gamePitching: (gameId: number) => `${ROOT}/csv/game/${gameId}/pitching.csv`,
    // The regular season keeps the plain names; 포스트시즌 lines are their own download.
    playerBatting: (playerId: number, stage: 'regular' | 'postseason' = 'regular') =>
      `${ROOT}/csv/player/${playerId}/${stage === 'regular' ? '' : 'postseason-'}batting.csv`,
    playerPitching: (playerId: number, stage: 'regular' | 'postseason' = 'regular') =>
      `${ROOT}/csv/player/${playerId}/${stage === 'regular' ? '' : 'postseason-'}pitching.csv`,
    playerGameLog: (playerId: number, seasonId: number) =>
      `${ROOT}/csv/player/${playerId}/games-${seasonId}.csv`,
  },
} as const;

/**
 * Top-menu sections. SPEC.md §2 fixes the routes; the labels are the words fans look for
 * (순위, 일정, 결과, 기록실, 팀, 공지), and the league schedules sit under 일정.
 */
export type MenuSection = 'standings' | 'schedule' | 'results' | 'records' | 'teams' | 'notices';

/** Menu items in order with their labels and targets for the given season. */
export function menuItems(
  season: SeasonRef,
): { section: MenuSection; label: string; href: string }[] {
  return [
    { section: 'standings', label: '순위', href: paths.leagueResults(season) },
    { section: 'schedule', label: '일정', href: paths.gameSchedule(season) },
    { section: 'results', label: '결과', href: paths.gameResults(season) },
    { section: 'records', label: '기록실', href: paths.records(season) },
    { section: 'teams', label: '팀', href: paths.teams(season) },
    { section: 'notices', label: '공지', href: paths.notices() },
  ];
}

/** The menu section a public path belongs to (season prefix ignored), or null for the main page and policies. */
export function menuSectionOf(pathname: string): MenuSection | null {
  const rest = pathname
    .replace(/\/+$/, '')
    .replace(new RegExp(`^${ROOT}(?:/${SEASON_SEGMENT}/\\d+)?`), '');
  if (rest.startsWith('/schedule/')) return 'schedule';
  if (rest.startsWith('/result/game')) return 'results';
  if (rest.startsWith('/result/league')) return 'standings';
  if (rest.startsWith('/stats/')) return 'teams';
  if (rest === '/records' || rest.startsWith('/records/')) return 'records';
  if (rest === '/notice' || rest.startsWith('/notice/')) return 'notices';
  return null;
}

/** An absolute URL on the public origin (canonical links, sitemap, feeds). */
export function absoluteUrl(path: string, origin: string): string {
  return new URL(path, origin.endsWith('/') ? origin : `${origin}/`).href;
}
