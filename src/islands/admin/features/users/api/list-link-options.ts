import * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';
import type { Page } from '../../../api/page.ts';

/** GET /api/players and /api/coaches: the records an account can be linked to (those without an account). */
export const linkOptionSchema = z.object({ id: z.number().int(), name: z.string(), userId: z.number().int().nullable().optional() });
export type LinkOption = z.infer<typeof linkOptionSchema>;

export async function listLinkOptions(mainId: number): Promise<{ players: LinkOption[]; coaches: LinkOption[] }> {
  const [players, coaches] = await Promise.all([
    api.get<Page<LinkOption>>('/api/players', { mainId, limit: 500, sort: 'name' }),
    api.get<Page<LinkOption>>('/api/coaches', { mainId, limit: 500, sort: 'name' }),
  ]);
  const free = (items: LinkOption[]) => items.filter((o) => o.userId == null);
  return { players: free(players.items), coaches: free(coaches.items) };
}
