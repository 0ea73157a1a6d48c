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
  coaches: '/admin/coaches/list',
  coachCareer: (coachId: number) => `/admin/coaches/career/${coachId}`,
  unregistered: '/admin/unregistered',
  accounts: '/admin/accounts',
  seasons: '/admin/season',
  leagues: '/admin/league/list',
  leagueTeams: (seasonId: number, leagueId: number) =>
    `/admin/league/${seasonId}/${leagueId}/teams`,
  schedule: (leagueId?: number) =>
    leagueId ? `/admin/league/schedule?league=${leagueId}` : '/admin/league/schedule',
  scheduleUpload: (seasonId: number, leagueId: number) =>
    `/admin/league/${seasonId}/${leagueId}/schedule/uploadFile`,
  gameList: (leagueId?: number) =>
    leagueId ? `/admin/league/gamelist?league=${leagueId}` : '/admin/league/gamelist',
  gameWrite: (leagueId: number, gameId: number) => `/admin/league/game/write/${leagueId}/${gameId}`,
  resultList: '/admin/league/resultlist',
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
