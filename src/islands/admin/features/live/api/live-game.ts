import { api } from '../../../../../lib/api-client.ts';
import type { LiveGame, LiveLineInput } from '../../../../../lib/schemas/live-game.ts';

/** GET /api/league/game/{gameId}/live: where the game stands and its line score so far. */
export const getLiveGame = (gameId: number) => api.get<LiveGame>(`/api/league/game/${gameId}/live`);

/** PUT /api/league/game/{gameId}/live: the whole line score with its sequence number. */
export const putLiveLine = (gameId: number, line: LiveLineInput) =>
  api.put<LiveGame & { applied?: boolean }>(`/api/league/game/${gameId}/live`, line);

/** POST /api/league/game/{gameId}/live/end: the game is over as entered. */
export const endLiveGame = (gameId: number) =>
  api.post<LiveGame>(`/api/league/game/${gameId}/live/end`);

/** DELETE /api/league/game/{gameId}/live: forget what was entered, 예정 again. */
export const resetLiveGame = (gameId: number) =>
  api.del<LiveGame>(`/api/league/game/${gameId}/live`);

/** POST /api/league/game/{gameId}/live/suspend: 중단 with its reason. */
export const suspendLiveGame = (gameId: number, reason: string) =>
  api.post<LiveGame>(`/api/league/game/${gameId}/live/suspend`, { reason });
