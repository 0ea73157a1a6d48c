import { api } from '../../../../../lib/api-client.ts';
import { playerCareer } from '../../../../../lib/schemas/player.ts';
import type { PlayerCareer } from '../../../../../lib/schemas/player.ts';

/** GET /api/players/{id}/career: the teams a player has been with. */
export const playerCareerSchema = playerCareer;
export type { PlayerCareer };

export const listPlayerCareers = (playerId: number) =>
  api.get<PlayerCareer[]>(`/api/players/${playerId}/career`);
