import * as z from 'zod';
import { api } from '../../../lib/api-client.ts';
import { adminGame } from '../../../lib/schemas/game.ts';
import type { AdminGame } from '../../../lib/schemas/game.ts';

/** GET /api/league/admin/schedulegame/{leagueId}: past games still without a record (or suspended). */
export const gamesNeedingRecordsSchema = z.object({
  leagueId: z.number().int(),
  games: z.array(adminGame),
});
export type GamesNeedingRecords = z.infer<typeof gamesNeedingRecordsSchema>;
export type { AdminGame };

export const listGamesNeedingRecords = (leagueId: number) =>
  api.get<GamesNeedingRecords>(`/api/league/admin/schedulegame/${leagueId}`);
