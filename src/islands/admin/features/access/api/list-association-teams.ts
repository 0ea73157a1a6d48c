import { api } from '../../../../../lib/api-client.ts';

/** GET /api/teams?mainId&limit: the association's teams, to find the ones a team manager manages. */
export interface AssociationTeamRef {
  id: number;
  name: string;
}

export async function listAssociationTeams(mainId: number): Promise<AssociationTeamRef[]> {
  const page = await api.get<{ items: AssociationTeamRef[] }>('/api/teams', {
    mainId,
    limit: 500,
    sort: 'name',
  });
  return page.items;
}
