import { api } from '../../../../../lib/api-client.ts';
import { boxScoreInput } from '../../../../../lib/schemas/box-score.ts';
import type { BoxScoreInput, SavedGameRecord } from '../../../../../lib/schemas/box-score.ts';

/** PUT /api/league/game/{gameId}/record: the whole box score; refused (400) unless it adds up. */
export const saveGameRecordSchema = boxScoreInput;
export type SaveGameRecordInput = BoxScoreInput;

export const saveGameRecord = (gameId: number, input: SaveGameRecordInput) =>
  api.put<SavedGameRecord>(`/api/league/game/${gameId}/record`, input);
