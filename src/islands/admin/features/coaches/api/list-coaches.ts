import { api } from '../../../../../lib/api-client.ts';
import { coach } from '../../../../../lib/schemas/coach.ts';
import type { Coach } from '../../../../../lib/schemas/coach.ts';
import { LIST_LIMIT } from '../../../api/page.ts';
import type { Page } from '../../../api/page.ts';

/** GET /api/coaches?mainId: the association's coaches with their current teams and roles. */
export const coachSchema = coach;
export type { Coach };

export async function listCoaches(mainId: number): Promise<Coach[]> {
  return (await api.get<Page<Coach>>('/api/coaches', { mainId, limit: LIST_LIMIT, sort: 'name' })).items;
}
