import { api } from '../../../../../lib/api-client.ts';
import { gameRecord } from '../../../../../lib/schemas/box-score.ts';
import type { GameRecord } from '../../../../../lib/schemas/box-score.ts';

/** GET /api/league/game/{gameId}/record: the saved record in the shape the form sends (empty when none). */
export const gameRecordSchema = gameRecord;
export type { GameRecord };

export const getGameRecord = (gameId: number) =>
  api.get<GameRecord>(`/api/league/game/${gameId}/record`);
