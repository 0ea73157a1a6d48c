import { api } from '../../../lib/api-client.ts';
import { leagueTeam } from '../../../lib/schemas/league-team.ts';
import type { LeagueTeam } from '../../../lib/schemas/league-team.ts';

/** GET /api/league/league/{id}/teams: the teams taking part in a league. */
export const leagueTeamSchema = leagueTeam;
export type { LeagueTeam };

export const listLeagueTeams = (leagueId: number) =>
  api.get<LeagueTeam[]>(`/api/league/league/${leagueId}/teams`);
