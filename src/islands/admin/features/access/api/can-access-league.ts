import { api } from '../../../../../lib/api-client.ts';

/** GET /api/league/admin/manager/can_access/{mainId}/{userId}: whether the user manages the association, and the grade. */
export interface LeagueAccess {
  result: boolean;
  grade: 1 | 2 | 3 | null;
}

export const canAccessLeague = (mainId: number, userId: number) =>
  api.get<LeagueAccess>(`/api/league/admin/manager/can_access/${mainId}/${userId}`);
