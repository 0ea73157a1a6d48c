import { api } from '../../../lib/api-client.ts';
import { leaguePlayer } from '../../../lib/schemas/league-team.ts';
import type { LeaguePlayer } from '../../../lib/schemas/league-team.ts';

/** GET /api/league/league/{id}/team/{teamId}/players: a team's league roster. */
export const leaguePlayerSchema = leaguePlayer;
export type { LeaguePlayer };

export const listLeaguePlayers = (leagueId: number, teamId: number) =>
  api.get<LeaguePlayer[]>(`/api/league/league/${leagueId}/team/${teamId}/players`);
