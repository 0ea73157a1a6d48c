import { api } from '../../../../../lib/api-client.ts';
import { associationTeam } from '../../../../../lib/schemas/league-team.ts';
import type { AssociationTeam } from '../../../../../lib/schemas/league-team.ts';

/** GET /api/league/main/{mainId}/season/{seasonId}/league/{leagueId}/notIn: teams that could still join. */
export const teamNotInSchema = associationTeam;
export type { AssociationTeam };

export const listTeamsNotIn = (mainId: number, seasonId: number, leagueId: number) =>
  api.get<AssociationTeam[]>(
    `/api/league/main/${mainId}/season/${seasonId}/league/${leagueId}/notIn`,
  );
