import { api } from '../../../../../lib/api-client.ts';
import { user } from '../../../../../lib/schemas/user.ts';
import type { User } from '../../../../../lib/schemas/user.ts';
import { LIST_LIMIT } from '../../../api/page.ts';
import type { Page } from '../../../api/page.ts';

/** GET /api/users/unregistered: accounts linked to no player and no coach. */
export const userSchema = user;
export type { User };

export async function listUnregisteredUsers(): Promise<User[]> {
  return (await api.get<Page<User>>('/api/users/unregistered', { limit: LIST_LIMIT, sort: 'name' })).items;
}
