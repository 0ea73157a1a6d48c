import { api } from '../../../../../lib/api-client.ts';
import { managerInput } from '../../../../../lib/schemas/user.ts';
import type { LeagueManager } from '../../../../../lib/schemas/user.ts';
import type * as z from 'zod';

/** POST /api/league/main/{mainId}/managers: gives an account a grade it does not have yet (409 if it has one). */
export const grantManagerSchema = managerInput;
export type GrantManagerInput = z.infer<typeof managerInput>;

export const grantManager = (mainId: number, input: GrantManagerInput) =>
  api.post<LeagueManager>(`/api/league/main/${mainId}/managers`, input);
