import { api } from '../../../../../lib/api-client.ts';
import { playerInput } from '../../../../../lib/schemas/player.ts';
import type { Player, PlayerInput } from '../../../../../lib/schemas/player.ts';

/** POST /api/players */
export const createPlayerSchema = playerInput;
export type CreatePlayerInput = PlayerInput;

export const createPlayer = (input: CreatePlayerInput) => api.post<Player>('/api/players', input);
