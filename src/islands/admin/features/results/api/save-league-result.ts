import { api } from '../../../../../lib/api-client.ts';
import { leagueResultInput } from '../../../../../lib/schemas/result.ts';
import type { LeagueResult, LeagueResultInput } from '../../../../../lib/schemas/result.ts';

/** POST /api/league/league/{id}/result: final ranks and awards; replaces what was entered before. */
export const saveLeagueResultSchema = leagueResultInput;
export type SaveLeagueResultInput = LeagueResultInput;

export const saveLeagueResult = (leagueId: number, input: SaveLeagueResultInput) =>
  api.post<LeagueResult>(`/api/league/league/${leagueId}/result`, input);
