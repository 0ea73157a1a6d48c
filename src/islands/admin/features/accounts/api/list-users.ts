import { user } from '../../../../../lib/schemas/user.ts';
import type { User } from '../../../../../lib/schemas/user.ts';
import { fetchAll } from '../../../api/page.ts';

/** GET /api/users: every account, or with `includeDisabled` also the disabled ones. */
export const userSchema = user;
export type { User };

export async function listUsers(includeDisabled: boolean): Promise<User[]> {
  return fetchAll<User>('/api/users', { sort: 'name', includeDisabled });
}
