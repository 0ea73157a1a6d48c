import { api } from '../../../lib/api-client.ts';
import type { League } from '../../../lib/schemas/league.ts';

/** GET /api/league/league/{id}: one league with its rules and season. */
export const getLeague = (leagueId: number) => api.get<League>(`/api/league/league/${leagueId}`);
