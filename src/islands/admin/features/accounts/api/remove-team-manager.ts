import { api } from '../../../../../lib/api-client.ts';

/** DELETE /api/teams/{teamId}/managers/{userId} */
export const removeTeamManager = (teamId: number, userId: number) =>
  api.del<{ teamId: number; userId: number }>(`/api/teams/${teamId}/managers/${userId}`);
