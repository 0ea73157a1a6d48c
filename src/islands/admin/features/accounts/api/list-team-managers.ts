import * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';
import { teamManager } from '../../../../../lib/schemas/team.ts';
import type { TeamManager } from '../../../../../lib/schemas/team.ts';

/** GET /api/teams/{teamId}/managers: the accounts that manage one team's rosters. */
export const listTeamManagersSchema = z.array(teamManager);
export type { TeamManager };

export const listTeamManagers = (teamId: number) =>
  api.get<TeamManager[]>(`/api/teams/${teamId}/managers`);
