import { api } from '../../../../../lib/api-client.ts';
import { leagueTeamAdmin } from '../../../../../lib/schemas/league-team.ts';
import type { LeagueTeamAdmin } from '../../../../../lib/schemas/league-team.ts';

/** GET /api/league/admin/league/{id}/team: the league's teams with roster and game counts. */
export const leagueTeamAdminSchema = leagueTeamAdmin;
export type { LeagueTeamAdmin };

export const listLeagueTeamsAdmin = (leagueId: number) =>
  api.get<LeagueTeamAdmin[]>(`/api/league/admin/league/${leagueId}/team`);
