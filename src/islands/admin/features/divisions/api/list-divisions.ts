import { api } from '../../../../../lib/api-client.ts';
import { division } from '../../../../../lib/schemas/division.ts';
import type { Division } from '../../../../../lib/schemas/division.ts';
import { LIST_LIMIT } from '../../../api/page.ts';
import type { Page } from '../../../api/page.ts';

/** GET /api/divisions?mainId: the association's divisions in their order. */
export const divisionSchema = division;
export type { Division };

export async function listDivisions(mainId: number): Promise<Division[]> {
  return (await api.get<Page<Division>>('/api/divisions', { mainId, limit: LIST_LIMIT, sort: 'order' })).items;
}
