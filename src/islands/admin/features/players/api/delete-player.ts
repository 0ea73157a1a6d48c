import * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';

/** DELETE /api/players/{id}: 409 with the reason when the player has records or rosters. */
export const deletePlayerSchema = z.object({ id: z.number().int().positive() });
export type DeletePlayerInput = z.infer<typeof deletePlayerSchema>;

export const deletePlayer = ({ id }: DeletePlayerInput) =>
  api.del<{ id: number }>(`/api/players/${id}`);
