import * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';

/** GET /api/team/{teamId}/admin/can_access/{userId}: whether the user may manage the team (a boolean). */
export const teamAccessSchema = z.boolean();
export type TeamAccess = z.infer<typeof teamAccessSchema>;

export async function canAccessTeam(teamId: number, userId: number): Promise<boolean> {
  const answer = await api.get<boolean | { result: boolean }>(`/api/team/${teamId}/admin/can_access/${userId}`);
  return typeof answer === 'boolean' ? answer : answer.result === true;
}
