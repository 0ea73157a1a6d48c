import * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';
import { ineligiblePlayer } from '../../../../../lib/schemas/game.ts';
import type { IneligiblePlayer } from '../../../../../lib/schemas/game.ts';

/** GET /api/league/game/{gameId}/ineligible/{teamId}: players who may not play for that team in that game, with why. */
export const ineligibleSchema = z.array(ineligiblePlayer);
export type { IneligiblePlayer };

export const getIneligible = (gameId: number, teamId: number) =>
  api.get<IneligiblePlayer[]>(`/api/league/game/${gameId}/ineligible/${teamId}`);
