import * as z from 'zod';
import { fetchAll } from '../../../api/page.ts';

/** GET /api/players and /api/coaches: the records an account can be linked to (those without an account). */
export const linkOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  userId: z.number().int().nullable().optional(),
});
export type LinkOption = z.infer<typeof linkOptionSchema>;

export async function listLinkOptions(
  mainId: number,
): Promise<{ players: LinkOption[]; coaches: LinkOption[] }> {
  const [players, coaches] = await Promise.all([
    fetchAll<LinkOption>('/api/players', { mainId, sort: 'name' }),
    fetchAll<LinkOption>('/api/coaches', { mainId, sort: 'name' }),
  ]);
  const free = (items: LinkOption[]) => items.filter((o) => o.userId == null);
  return { players: free(players), coaches: free(coaches) };
}
