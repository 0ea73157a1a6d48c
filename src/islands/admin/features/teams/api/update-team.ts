import { api } from '../../../../../lib/api-client.ts';
import { teamUpdate } from '../../../../../lib/schemas/team.ts';
import type { Team, TeamUpdate } from '../../../../../lib/schemas/team.ts';

/** PATCH /api/teams/{id}: only the fields sent change. */
export const updateTeamSchema = teamUpdate;
export type UpdateTeamInput = TeamUpdate;

export const updateTeam = (id: number, input: UpdateTeamInput) =>
  api.patch<Team>(`/api/teams/${id}`, input);
