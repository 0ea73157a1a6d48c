import * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';

/** DELETE /api/league/league/{leagueId}/schedule/game/{gameId}: 409 when the game has a record. */
export const deleteGameSchema = z.object({
  leagueId: z.number().int().positive(),
  gameId: z.number().int().positive(),
});
export type DeleteGameInput = z.infer<typeof deleteGameSchema>;

export const deleteGame = ({ leagueId, gameId }: DeleteGameInput) =>
  api.del<{ gameId: number }>(`/api/league/league/${leagueId}/schedule/game/${gameId}`);
