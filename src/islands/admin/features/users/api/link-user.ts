import type * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';
import { userLinkInput } from '../../../../../lib/schemas/user.ts';
import type { User } from '../../../../../lib/schemas/user.ts';

/** POST /api/users/{id}/link: links the account to a player or a coach record. */
export const linkUserSchema = userLinkInput;
export type LinkUserInput = z.input<typeof userLinkInput>;

export const linkUser = (userId: number, input: LinkUserInput) =>
  api.post<User>(`/api/users/${userId}/link`, input);
