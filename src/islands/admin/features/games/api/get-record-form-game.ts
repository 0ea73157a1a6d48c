import { api } from '../../../../../lib/api-client.ts';
import { recordFormGame } from '../../../../../lib/schemas/game.ts';
import type { RecordFormGame } from '../../../../../lib/schemas/game.ts';

/** GET /api/league/admin/schedulegame/{leagueId}/{gameId}: the game to record. */
export const recordFormGameSchema = recordFormGame;
export type { RecordFormGame };

export const getRecordFormGame = (leagueId: number, gameId: number) =>
  api.get<RecordFormGame>(`/api/league/admin/schedulegame/${leagueId}/${gameId}`);
