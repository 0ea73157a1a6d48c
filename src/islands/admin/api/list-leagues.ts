import { api } from '../../../lib/api-client.ts';
import { league } from '../../../lib/schemas/league.ts';
import type { League } from '../../../lib/schemas/league.ts';

/** GET /api/league/season/{seasonId}/league: the leagues of a season, for pickers and lists. */
export const leagueSchema = league;
export type { League };

export const listLeagues = (seasonId: number) =>
  api.get<League[]>(`/api/league/season/${seasonId}/league`);
