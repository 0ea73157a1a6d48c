import { api } from '../../../../../lib/api-client.ts';
import { teamInput } from '../../../../../lib/schemas/team.ts';
import type { Team, TeamInput } from '../../../../../lib/schemas/team.ts';

/** POST /api/teams */
export const createTeamSchema = teamInput;
export type CreateTeamInput = TeamInput;

export const createTeam = (input: CreateTeamInput) => api.post<Team>('/api/teams', input);
