import * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';

/** DELETE /api/league/main/{mainId}/season/{seasonId}/league/{leagueId}: 409 with the reason when games or teams exist. */
export const deleteLeagueSchema = z.object({
  mainId: z.number().int().positive(),
  seasonId: z.number().int().positive(),
  leagueId: z.number().int().positive(),
});
export type DeleteLeagueInput = z.infer<typeof deleteLeagueSchema>;

export const deleteLeague = ({ mainId, seasonId, leagueId }: DeleteLeagueInput) =>
  api.del<unknown>(`/api/league/main/${mainId}/season/${seasonId}/league/${leagueId}`);
