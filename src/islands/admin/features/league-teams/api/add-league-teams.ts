import { api } from '../../../../../lib/api-client.ts';
import { addTeamsInput } from '../../../../../lib/schemas/league-team.ts';
import type * as z from 'zod';

/** POST /api/league/main/{mainId}/season/{seasonId}/league/{leagueId}/teams: body teams. */
export const addLeagueTeamsSchema = addTeamsInput;
export type AddLeagueTeamsInput = z.input<typeof addTeamsInput>;

export const addLeagueTeams = (
  mainId: number,
  seasonId: number,
  leagueId: number,
  input: AddLeagueTeamsInput,
) =>
  api.post<unknown>(
    `/api/league/main/${mainId}/season/${seasonId}/league/${leagueId}/teams`,
    input,
  );
