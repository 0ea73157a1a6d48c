import { api } from '../../../../../lib/api-client.ts';
import { playerCareerUpdate } from '../../../../../lib/schemas/player.ts';
import type { PlayerCareer, PlayerCareerUpdate } from '../../../../../lib/schemas/player.ts';

/** PATCH /api/players/{id}/career/{careerId} */
export const updatePlayerCareerSchema = playerCareerUpdate;
export type UpdatePlayerCareerInput = PlayerCareerUpdate;

export const updatePlayerCareer = (
  playerId: number,
  careerId: number,
  input: UpdatePlayerCareerInput,
) => api.patch<PlayerCareer>(`/api/players/${playerId}/career/${careerId}`, input);
