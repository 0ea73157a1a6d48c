import * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';
import { boardRole } from '../../../../../lib/schemas/user.ts';
import type { BoardRole } from '../../../../../lib/schemas/user.ts';

/** GET /api/league/main/{mainId}/boards/{board}/roles: the roles given on one board. */
export const listBoardRolesSchema = z.array(boardRole);
export type { BoardRole };

export const listBoardRoles = (mainId: number, board: string) =>
  api.get<BoardRole[]>(`/api/league/main/${mainId}/boards/${board}/roles`);
