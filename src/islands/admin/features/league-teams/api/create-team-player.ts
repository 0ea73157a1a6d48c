import { api } from '../../../../../lib/api-client.ts';
import { teamPlayerInput } from '../../../../../lib/schemas/player.ts';
import type { Player, TeamPlayerInput } from '../../../../../lib/schemas/player.ts';

/** POST /api/teams/{teamId}/players: a new player and his career on the team, in one step. */
export const createTeamPlayerSchema = teamPlayerInput;
export type CreateTeamPlayerInput = Partial<TeamPlayerInput> & { name: string };

export const createTeamPlayer = (teamId: number, input: CreateTeamPlayerInput) =>
  api.post<Player>(`/api/teams/${teamId}/players`, input);
