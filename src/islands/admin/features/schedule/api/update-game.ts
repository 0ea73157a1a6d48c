import type * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';
import { gameUpdateInput } from '../../../../../lib/schemas/game.ts';
import type { GameSummary } from '../../../../../lib/schemas/game.ts';

/** PATCH /api/league/league/{leagueId}/schedule/game/{gameId}: edit, reschedule, postpone, cancel. */
export const updateGameSchema = gameUpdateInput;
export type UpdateGameInput = z.input<typeof gameUpdateInput>;

export const updateGame = (leagueId: number, gameId: number, input: UpdateGameInput) =>
  api.patch<GameSummary>(`/api/league/league/${leagueId}/schedule/game/${gameId}`, input);
