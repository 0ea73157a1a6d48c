import { api } from '../../../lib/api-client.ts';
import type { Player } from '../../../lib/schemas/player.ts';
import type { Page } from './page.ts';

/** GET /api/players?q=: the association's players with exactly this name (동명이인 확인). */
export async function findSameName(mainId: number, name: string): Promise<Player[]> {
  const page = await api.get<Page<Player>>('/api/players', { mainId, q: name, limit: 50 });
  return page.items.filter((p) => p.name === name);
}
