import * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';
import type { User } from '../../../../../lib/schemas/user.ts';

/**
 * DELETE /api/users/{id}: the server keeps the account (its notices and audit entries name it) and
 * disables it, ending its sign-ins; 400 with the reason for one's own account.
 */
export const disableUserSchema = z.object({ id: z.number().int().positive() });
export type DisableUserInput = z.infer<typeof disableUserSchema>;

export const disableUser = ({ id }: DisableUserInput) => api.del<User>(`/api/users/${id}`);
