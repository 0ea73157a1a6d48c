import { api } from '../../../../../lib/api-client.ts';

/** GET /api/team/{teamId}/admin/can_access/{userId}: whether the user may manage the team (a boolean). */
export type TeamAccess = boolean;

export async function canAccessTeam(teamId: number, userId: number): Promise<TeamAccess> {
  const answer = await api.get<boolean | { result: boolean }>(
    `/api/team/${teamId}/admin/can_access/${userId}`,
  );
  return typeof answer === 'boolean' ? answer : answer.result === true;
}
