import * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';
import { adminGame } from '../../../../../lib/schemas/game.ts';
import type { AdminGame } from '../../../../../lib/schemas/game.ts';

/** GET /api/league/admin/schedule/{seasonId}/{leagueId}: every game of the league with its record state. */
export const adminScheduleSchema = z.object({
  seasonId: z.number().int(),
  leagueId: z.number().int(),
  teamId: z.number().int().nullable(),
  games: z.array(adminGame),
});
export type AdminSchedule = z.infer<typeof adminScheduleSchema>;
export type { AdminGame };

export const getAdminSchedule = (seasonId: number, leagueId: number) =>
  api.get<AdminSchedule>(`/api/league/admin/schedule/${seasonId}/${leagueId}`);
