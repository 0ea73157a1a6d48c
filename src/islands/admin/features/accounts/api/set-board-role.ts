import { api } from '../../../../../lib/api-client.ts';
import { boardRoleInput } from '../../../../../lib/schemas/user.ts';
import type { BoardRole } from '../../../../../lib/schemas/user.ts';
import type * as z from 'zod';

/** PUT /api/league/main/{mainId}/boards/{board}/roles/{userId}: gives or changes the account's role on the board. */
export const setBoardRoleSchema = boardRoleInput;
export type SetBoardRoleInput = z.infer<typeof boardRoleInput>;

export const setBoardRole = (
  mainId: number,
  board: string,
  userId: number,
  input: SetBoardRoleInput,
) => api.put<BoardRole>(`/api/league/main/${mainId}/boards/${board}/roles/${userId}`, input);
