import type { Player } from '../../../../../lib/schemas/player.ts';
import { fetchAll } from '../../../api/page.ts';

/** GET /api/players/no-team?mainId: players without a current team. */
export async function listNoTeamPlayers(mainId: number): Promise<Player[]> {
  return fetchAll<Player>('/api/players/no-team', { mainId, sort: 'name' });
}
