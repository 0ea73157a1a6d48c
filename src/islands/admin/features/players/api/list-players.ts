import { player } from '../../../../../lib/schemas/player.ts';
import type { Player } from '../../../../../lib/schemas/player.ts';
import { fetchAll } from '../../../api/page.ts';

/** GET /api/players?mainId: the association's players with their current teams. */
export const playerSchema = player;
export type { Player };

export async function listPlayers(mainId: number): Promise<Player[]> {
  return fetchAll<Player>('/api/players', { mainId, sort: 'name' });
}
