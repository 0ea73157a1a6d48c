import type * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';
import { leagueUpdate } from '../../../../../lib/schemas/league.ts';
import type { League } from '../../../../../lib/schemas/league.ts';

/** PUT /api/league/main/{mainId}/season/{seasonId}/league/{leagueId}: the fields sent change. */
export const updateLeagueSchema = leagueUpdate;
export type UpdateLeagueInput = z.input<typeof leagueUpdate>;

export const updateLeague = (
  mainId: number,
  seasonId: number,
  leagueId: number,
  input: UpdateLeagueInput,
) => api.put<League>(`/api/league/main/${mainId}/season/${seasonId}/league/${leagueId}`, input);
