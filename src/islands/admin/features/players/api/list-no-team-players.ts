import { api } from '../../../../../lib/api-client.ts';
import type { Player } from '../../../../../lib/schemas/player.ts';
import { LIST_LIMIT } from '../../../api/page.ts';
import type { Page } from '../../../api/page.ts';

/** GET /api/players/no-team?mainId: players without a current team. */
export async function listNoTeamPlayers(mainId: number): Promise<Player[]> {
  return (await api.get<Page<Player>>('/api/players/no-team', { mainId, limit: LIST_LIMIT, sort: 'name' })).items;
}
