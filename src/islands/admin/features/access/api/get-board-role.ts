import { api } from '../../../../../lib/api-client.ts';

/**
 * GET /api/league/board/{mainId}/{board}/user/{userId}: the user's role on one board of the
 * association, or null. A role given on the board comes first; otherwise site admins and 협회 관리자
 * get admin and 리그 운영자 write.
 */
export interface BoardRole {
  role: 'read' | 'write' | 'admin';
  source: 'board' | 'admin' | 'grade';
}

export const getBoardRole = (mainId: number, board: string, userId: number) =>
  api.get<BoardRole | null>(`/api/league/board/${mainId}/${board}/user/${userId}`);
