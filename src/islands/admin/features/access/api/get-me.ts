import { api } from '../../../../../lib/api-client.ts';

/** The `me` part of GET /api/admin/dashboard: site admin flag and grade, used when the access check is unavailable. */
export interface Me {
  userId: number;
  isAdmin: boolean;
  grade: 1 | 2 | 3 | null;
}

export async function getMe(mainId: number): Promise<Me> {
  const data = await api.get<{ me: Me }>('/api/admin/dashboard', { mainId });
  return data.me;
}
