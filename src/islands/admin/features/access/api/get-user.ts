import { api } from '../../../../../lib/api-client.ts';
import type { UserProfile } from '../../../../../lib/schemas/user.ts';

/** GET /api/user/{id}: the stored user's profile; phone and photo are read from it (SPEC.md §7). */
export type { UserProfile };

export const getUser = (userId: number) => api.get<UserProfile>(`/api/user/${userId}`);
