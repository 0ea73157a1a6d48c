import { team } from '../../../../../lib/schemas/team.ts';
import type { Team } from '../../../../../lib/schemas/team.ts';
import { fetchAll } from '../../../api/page.ts';

/** GET /api/teams?mainId: the association's teams. */
export const teamSchema = team;
export type { Team };

export async function listTeams(mainId: number): Promise<Team[]> {
  return fetchAll<Team>('/api/teams', { mainId, sort: 'name' });
}
