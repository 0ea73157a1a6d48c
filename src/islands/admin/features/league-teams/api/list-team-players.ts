import * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';
import type { Page } from '../../../api/page.ts';

/** GET /api/players?teamId: the players now on a team, the usual candidates for its league roster. */
export const teamPlayerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.string(),
});
export type TeamPlayer = z.infer<typeof teamPlayerSchema>;

export async function listTeamPlayers(mainId: number, teamId: number): Promise<TeamPlayer[]> {
  return (
    await api.get<Page<TeamPlayer>>('/api/players', { mainId, teamId, limit: 500, sort: 'name' })
  ).items;
}
