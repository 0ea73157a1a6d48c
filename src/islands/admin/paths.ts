/**
 * The query of a league screen: always the season with the league, so a link to next season's
 * league never opens in this season's.
 */
function leagueQuery(seasonId?: number, leagueId?: number): string {
  const query = new URLSearchParams();
  if (seasonId) query.set('season', String(seasonId));
  if (seasonId && leagueId) query.set('league', String(leagueId));
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** Every link of the admin console; screens never write an /admin path by hand. */
export const adminPaths = {
  root: '/admin',
  login: (next?: string) =>
    next ? `/admin/login?next=${encodeURIComponent(next)}` : '/admin/login',
  dashboard: '/admin/dashboard',
  divisions: '/admin/division',
  teams: '/admin/teams',
  players: '/admin/team-players/list',
  playerCareer: (playerId: number) => `/admin/team-players/career/${playerId}`,
  noTeamPlayers: '/admin/team-players/noTeamPlayers',
  playerImport: '/admin/team-players/import',
  coaches: '/admin/coaches/list',
  coachCareer: (coachId: number) => `/admin/coaches/career/${coachId}`,
  unregistered: '/admin/unregistered',
  accounts: '/admin/accounts',
  security: '/admin/security',
  accessLog: '/admin/access-log',
  seasons: '/admin/season',
  leagues: (seasonId?: number) =>
    seasonId ? `/admin/league/list?season=${seasonId}` : '/admin/league/list',
  leagueTeams: (seasonId: number, leagueId: number) =>
    `/admin/league/${seasonId}/${leagueId}/teams`,
  schedule: (seasonId?: number, leagueId?: number) =>
    `/admin/league/schedule${leagueQuery(seasonId, leagueId)}`,
  scheduleUpload: (seasonId: number, leagueId: number) =>
    `/admin/league/${seasonId}/${leagueId}/schedule/uploadFile`,
  gameList: (seasonId?: number, leagueId?: number) =>
    `/admin/league/gamelist${leagueQuery(seasonId, leagueId)}`,
  gameWrite: (leagueId: number, gameId: number) => `/admin/league/game/write/${leagueId}/${gameId}`,
  gameLive: (leagueId: number, gameId: number) => `/admin/league/game/live/${leagueId}/${gameId}`,
  resultList: (seasonId?: number) =>
    seasonId ? `/admin/league/resultlist?season=${seasonId}` : '/admin/league/resultlist',
  resultForm: (leagueId: number) => `/admin/league/resultform/${leagueId}`,
  notices: '/admin/notice',
  noticeWrite: (wrId?: number) => (wrId ? `/admin/notice/write/${wrId}` : '/admin/notice/write'),
} as const;

/** A path inside the console that is safe to return to after logging in (no open redirects). */
export function safeReturnPath(candidate: string | null | undefined): string | null {
  if (!candidate?.startsWith('/admin') || candidate.startsWith('//')) return null;
  if (/^\/admin\/login(?:[/?#]|$)/.test(candidate)) return null;
  if (!/^\/admin(?:[/?#]|$)/.test(candidate)) return null;
  return candidate;
}
