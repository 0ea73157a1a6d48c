import { coach } from '../../../../../lib/schemas/coach.ts';
import type { Coach } from '../../../../../lib/schemas/coach.ts';
import { fetchAll } from '../../../api/page.ts';

/** GET /api/coaches?mainId: the association's coaches with their current teams and roles. */
export const coachSchema = coach;
export type { Coach };

export async function listCoaches(mainId: number): Promise<Coach[]> {
  return fetchAll<Coach>('/api/coaches', { mainId, sort: 'name' });
}
