import * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';

/** DELETE …/league/{leagueId}/team/{teamId}: 409 with the reason when the team has games in the league. */
export const removeLeagueTeamSchema = z.object({
  mainId: z.number().int(),
  seasonId: z.number().int(),
  leagueId: z.number().int(),
  teamId: z.number().int(),
});
export type RemoveLeagueTeamInput = z.infer<typeof removeLeagueTeamSchema>;

export const removeLeagueTeam = ({ mainId, seasonId, leagueId, teamId }: RemoveLeagueTeamInput) =>
  api.del<unknown>(
    `/api/league/main/${mainId}/season/${seasonId}/league/${leagueId}/team/${teamId}`,
  );
