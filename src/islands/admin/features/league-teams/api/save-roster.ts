import { api } from '../../../../../lib/api-client.ts';
import { rosterInput } from '../../../../../lib/schemas/league-team.ts';
import type { LeaguePlayer, RosterInput } from '../../../../../lib/schemas/league-team.ts';

/** PATCH …/league/{leagueId}/team/{teamId}/players: replaces the team's league roster (body players). */
export const saveRosterSchema = rosterInput;
export type SaveRosterInput = RosterInput;

export const saveRoster = (
  mainId: number,
  seasonId: number,
  leagueId: number,
  teamId: number,
  input: SaveRosterInput,
) =>
  api.patch<LeaguePlayer[]>(
    `/api/league/main/${mainId}/season/${seasonId}/league/${leagueId}/team/${teamId}/players`,
    input,
  );
