import * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';
import { adminGame } from '../../../../../lib/schemas/game.ts';
import type { AdminGame } from '../../../../../lib/schemas/game.ts';

/** GET /api/league/admin/schedule/{seasonId}/{leagueId}: every game of the league with where its record stands. */
export const leagueGamesSchema = z.object({ games: z.array(adminGame) });

export async function listLeagueGames(seasonId: number, leagueId: number): Promise<AdminGame[]> {
  return (
    await api.get<{ games: AdminGame[] }>(`/api/league/admin/schedule/${seasonId}/${leagueId}`)
  ).games;
}
