import * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';
import type { Page } from '../../../api/page.ts';

/** GET /api/teams?mainId: the teams an account can manage. */
export const teamOptionSchema = z.object({ id: z.number().int(), name: z.string() });
export type TeamOption = z.infer<typeof teamOptionSchema>;

export async function listTeamOptions(mainId: number): Promise<TeamOption[]> {
  return (await api.get<Page<TeamOption>>('/api/teams', { mainId, limit: 500, sort: 'name' }))
    .items;
}
