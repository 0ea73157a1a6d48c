import { api } from '../../../../../lib/api-client.ts';
import { teamManagerInput } from '../../../../../lib/schemas/user.ts';
import type { TeamManager } from '../../../../../lib/schemas/team.ts';
import type * as z from 'zod';

/** POST /api/teams/{teamId}/managers: makes an account a manager of the team (409 if it already is). */
export const addTeamManagerSchema = teamManagerInput;
export type AddTeamManagerInput = z.infer<typeof teamManagerInput>;

export const addTeamManager = (teamId: number, input: AddTeamManagerInput) =>
  api.post<TeamManager>(`/api/teams/${teamId}/managers`, input);
