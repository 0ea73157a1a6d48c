import { api } from '../../../../../lib/api-client.ts';
import { gameCreateInput } from '../../../../../lib/schemas/game.ts';
import type { GameCreateInput, GameSummary } from '../../../../../lib/schemas/game.ts';

/** POST /api/league/league/{leagueId}/schedule/game */
export const createGameSchema = gameCreateInput;
export type CreateGameInput = GameCreateInput;

export const createGame = (leagueId: number, input: CreateGameInput) =>
  api.post<GameSummary>(`/api/league/league/${leagueId}/schedule/game`, input);
