import * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';

/** DELETE /api/league/main/{mainId}/season/{seasonId}: 409 with the reason when leagues exist or it is active. */
export const deleteSeasonSchema = z.object({
  mainId: z.number().int().positive(),
  seasonId: z.number().int().positive(),
});
export type DeleteSeasonInput = z.infer<typeof deleteSeasonSchema>;

export const deleteSeason = ({ mainId, seasonId }: DeleteSeasonInput) =>
  api.del<unknown>(`/api/league/main/${mainId}/season/${seasonId}`);
