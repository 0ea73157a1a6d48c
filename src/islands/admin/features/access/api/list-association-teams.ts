import * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';

/** GET /api/teams?mainId&limit: the association's teams, to find the ones a team manager manages. */
export const associationTeamSchema = z.object({ id: z.number().int(), name: z.string() });
export type AssociationTeamRef = z.infer<typeof associationTeamSchema>;

export async function listAssociationTeams(mainId: number): Promise<AssociationTeamRef[]> {
  const page = await api.get<{ items: AssociationTeamRef[] }>('/api/teams', { mainId, limit: 500, sort: 'name' });
  return page.items;
}
