import * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';

/** The `me` part of GET /api/admin/dashboard: site admin flag and grade, used when the access checks are unavailable. */
export const meSchema = z.object({
  userId: z.number().int(),
  isAdmin: z.boolean(),
  grade: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable(),
});
export type Me = z.infer<typeof meSchema>;

export async function getMe(mainId: number): Promise<Me> {
  const data = await api.get<{ me: Me }>('/api/admin/dashboard', { mainId });
  return data.me;
}
