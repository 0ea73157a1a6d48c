import * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';

/** GET /api/league/admin/manager/can_access/{mainId}/{userId}: whether the user manages the association, and the grade. */
export const leagueAccessSchema = z.object({
  result: z.boolean(),
  grade: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable(),
});
export type LeagueAccess = z.infer<typeof leagueAccessSchema>;

export const canAccessLeague = (mainId: number, userId: number) =>
  api.get<LeagueAccess>(`/api/league/admin/manager/can_access/${mainId}/${userId}`);
