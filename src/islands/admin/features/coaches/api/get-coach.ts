import { api } from '../../../../../lib/api-client.ts';
import type { Coach } from '../../../../../lib/schemas/coach.ts';

/** GET /api/coaches/{id} */
export const getCoach = (id: number) => api.get<Coach>(`/api/coaches/${id}`);
