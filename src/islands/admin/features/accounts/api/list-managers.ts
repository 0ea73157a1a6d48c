import * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';
import { leagueManager } from '../../../../../lib/schemas/user.ts';
import type { LeagueManager } from '../../../../../lib/schemas/user.ts';

/** GET /api/league/main/{mainId}/managers: the association's managers with their grades. */
export const listManagersSchema = z.array(leagueManager);
export type { LeagueManager };

export const listManagers = (mainId: number) =>
  api.get<LeagueManager[]>(`/api/league/main/${mainId}/managers`);
