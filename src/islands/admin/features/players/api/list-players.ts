import { api } from '../../../../../lib/api-client.ts';
import { player } from '../../../../../lib/schemas/player.ts';
import type { Player } from '../../../../../lib/schemas/player.ts';
import { LIST_LIMIT } from '../../../api/page.ts';
import type { Page } from '../../../api/page.ts';

/** GET /api/players?mainId: the association's players with their current teams. */
export const playerSchema = player;
export type { Player };

export async function listPlayers(mainId: number): Promise<Player[]> {
  return (await api.get<Page<Player>>('/api/players', { mainId, limit: LIST_LIMIT, sort: 'name' })).items;
}
