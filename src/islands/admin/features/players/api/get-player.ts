import { api } from '../../../../../lib/api-client.ts';
import type { Player } from '../../../../../lib/schemas/player.ts';

/** GET /api/players/{id} */
export const getPlayer = (id: number) => api.get<Player>(`/api/players/${id}`);
