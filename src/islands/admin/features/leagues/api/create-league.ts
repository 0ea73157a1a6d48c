import { api } from '../../../../../lib/api-client.ts';
import { leagueInput } from '../../../../../lib/schemas/league.ts';
import type { League, LeagueInput } from '../../../../../lib/schemas/league.ts';

/** POST /api/league/main/{mainId}/season/{seasonId}/league: rules default to the association's usual profile. */
export const createLeagueSchema = leagueInput;
export type CreateLeagueInput = LeagueInput;

export const createLeague = (mainId: number, seasonId: number, input: CreateLeagueInput) =>
  api.post<League>(`/api/league/main/${mainId}/season/${seasonId}/league`, input);
