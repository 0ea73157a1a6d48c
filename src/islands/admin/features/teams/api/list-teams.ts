import { api } from '../../../../../lib/api-client.ts';
import { team } from '../../../../../lib/schemas/team.ts';
import type { Team } from '../../../../../lib/schemas/team.ts';
import { LIST_LIMIT } from '../../../api/page.ts';
import type { Page } from '../../../api/page.ts';

/** GET /api/teams?mainId: the association's teams. */
export const teamSchema = team;
export type { Team };

export async function listTeams(mainId: number): Promise<Team[]> {
  return (await api.get<Page<Team>>('/api/teams', { mainId, limit: LIST_LIMIT, sort: 'name' })).items;
}
