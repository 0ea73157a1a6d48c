import * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';

/** DELETE /api/players/{id}/career/{careerId} */
export const deletePlayerCareerSchema = z.object({
  playerId: z.number().int().positive(),
  careerId: z.number().int().positive(),
});
export type DeletePlayerCareerInput = z.infer<typeof deletePlayerCareerSchema>;

export const deletePlayerCareer = ({ playerId, careerId }: DeletePlayerCareerInput) =>
  api.del<{ id: number }>(`/api/players/${playerId}/career/${careerId}`);
