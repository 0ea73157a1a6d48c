import { api } from '../../../../../lib/api-client.ts';
import { playerCareerInput } from '../../../../../lib/schemas/player.ts';
import type { PlayerCareer, PlayerCareerValues } from '../../../../../lib/schemas/player.ts';

/** POST /api/players/{id}/career */
export const addPlayerCareerSchema = playerCareerInput;
export type AddPlayerCareerInput = PlayerCareerValues;

export const addPlayerCareer = (playerId: number, input: AddPlayerCareerInput) =>
  api.post<PlayerCareer>(`/api/players/${playerId}/career`, input);
