import * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';
import { ineligiblePlayer } from '../../../../../lib/schemas/game.ts';
import type { IneligiblePlayer } from '../../../../../lib/schemas/game.ts';

/** GET /api/league/game/{gameId}/ineligible/{teamId}: players who may not play for that team in that game, with why. */
export const ineligibleSchema = z.object({
  gameId: z.number().int(),
  teamId: z.number().int(),
  players: z.array(ineligiblePlayer),
});
export type { IneligiblePlayer };

export async function getIneligible(gameId: number, teamId: number): Promise<IneligiblePlayer[]> {
  const data = await api.get<z.infer<typeof ineligibleSchema>>(
    `/api/league/game/${gameId}/ineligible/${teamId}`,
  );
  return data.players;
}
