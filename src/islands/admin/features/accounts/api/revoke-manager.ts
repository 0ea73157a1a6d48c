import { api } from '../../../../../lib/api-client.ts';

/** DELETE /api/league/main/{mainId}/managers/{userId}: takes the grade away. */
export const revokeManager = (mainId: number, userId: number) =>
  api.del<{ mainId: number; userId: number }>(`/api/league/main/${mainId}/managers/${userId}`);
