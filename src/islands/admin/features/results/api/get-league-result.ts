import { api } from '../../../../../lib/api-client.ts';
import { leagueResult } from '../../../../../lib/schemas/result.ts';
import type { LeagueResult } from '../../../../../lib/schemas/result.ts';

/** GET /api/league/league/{id}/result: standings, final ranks and awards. */
export const leagueResultSchema = leagueResult;
export type { LeagueResult };

export const getLeagueResult = (leagueId: number) =>
  api.get<LeagueResult>(`/api/league/league/${leagueId}/result`);
