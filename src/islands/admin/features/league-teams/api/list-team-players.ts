import * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';
import type { Player } from '../../../../../lib/schemas/player.ts';
import type { Page } from '../../../api/page.ts';

/** GET /api/players?teamId: the players now on a team, the usual candidates for its league roster. */
export const teamPlayerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.string(),
  birthDate: z.string().nullable().optional(),
  /** his number on this team, from his current career */
  backNumber: z.number().int().nullable(),
});
export type TeamPlayer = z.infer<typeof teamPlayerSchema>;

export async function listTeamPlayers(mainId: number, teamId: number): Promise<TeamPlayer[]> {
  const page = await api.get<Page<Player>>('/api/players', {
    mainId,
    teamId,
    limit: 500,
    sort: 'name',
  });
  return page.items.map((p) => ({
    id: p.id,
    name: p.name,
    position: p.position,
    birthDate: p.birthDate,
    backNumber: p.currentTeams.find((t) => t.teamId === teamId)?.backNumber ?? null,
  }));
}
