import { user } from '../../../../../lib/schemas/user.ts';
import type { User } from '../../../../../lib/schemas/user.ts';
import { fetchAll } from '../../../api/page.ts';

/** GET /api/users/unregistered: accounts linked to no player and no coach. */
export const userSchema = user;
export type { User };

export async function listUnregisteredUsers(): Promise<User[]> {
  return fetchAll<User>('/api/users/unregistered', { sort: 'name' });
}
