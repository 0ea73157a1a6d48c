import { api } from '../../../../../lib/api-client.ts';

/** DELETE /api/league/main/{mainId}/boards/{board}/roles/{userId} */
export const removeBoardRole = (mainId: number, board: string, userId: number) =>
  api.del<{ mainId: number; board: string; userId: number }>(
    `/api/league/main/${mainId}/boards/${board}/roles/${userId}`,
  );
