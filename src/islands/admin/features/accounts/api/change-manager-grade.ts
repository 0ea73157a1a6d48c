import { api } from '../../../../../lib/api-client.ts';
import { managerGradeInput } from '../../../../../lib/schemas/user.ts';
import type { LeagueManager } from '../../../../../lib/schemas/user.ts';
import type * as z from 'zod';

/** PATCH /api/league/main/{mainId}/managers/{userId}: changes the grade of an existing manager. */
export const changeManagerGradeSchema = managerGradeInput;
export type ChangeManagerGradeInput = z.infer<typeof managerGradeInput>;

export const changeManagerGrade = (
  mainId: number,
  userId: number,
  input: ChangeManagerGradeInput,
) => api.patch<LeagueManager>(`/api/league/main/${mainId}/managers/${userId}`, input);
