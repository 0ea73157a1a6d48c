import { api } from '../../../../../lib/api-client.ts';
import { playerUpdate } from '../../../../../lib/schemas/player.ts';
import type { Player, PlayerUpdate } from '../../../../../lib/schemas/player.ts';

/** PATCH /api/players/{id}: only the fields sent change. */
export const updatePlayerSchema = playerUpdate;
export type UpdatePlayerInput = PlayerUpdate;

export const updatePlayer = (id: number, input: UpdatePlayerInput) =>
  api.patch<Player>(`/api/players/${id}`, input);
