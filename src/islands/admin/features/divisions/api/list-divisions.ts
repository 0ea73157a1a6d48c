import { division } from '../../../../../lib/schemas/division.ts';
import type { Division } from '../../../../../lib/schemas/division.ts';
import { fetchAll } from '../../../api/page.ts';

/** GET /api/divisions?mainId: the association's divisions in their order. */
export const divisionSchema = division;
export type { Division };

export async function listDivisions(mainId: number): Promise<Division[]> {
  return fetchAll<Division>('/api/divisions', { mainId, sort: 'order' });
}
