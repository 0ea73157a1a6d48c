import * as z from 'zod';
import { fetchAll } from '../../../api/page.ts';
import type { Player } from '../../../../../lib/schemas/player.ts';

/** GET /api/players and /api/coaches: the records an account can be linked to (those without an account). */
export const linkOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  userId: z.number().int().nullable().optional(),
});
export type LinkOption = z.infer<typeof linkOptionSchema>;

export async function listLinkOptions(
  mainId: number,
): Promise<{ players: Player[]; coaches: LinkOption[] }> {
  const [players, coaches] = await Promise.all([
    fetchAll<Player>('/api/players', { mainId, sort: 'name' }),
    fetchAll<LinkOption>('/api/coaches', { mainId, sort: 'name' }),
  ]);
  const free = <T extends { userId?: number | null }>(items: T[]) =>
    items.filter((o) => o.userId == null);
  return { players: free(players), coaches: free(coaches) };
}
