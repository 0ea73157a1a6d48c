import * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';
import type { Page } from '../../../api/page.ts';

/** GET /api/divisions?mainId: the divisions a league can be for. */
export const divisionOptionSchema = z.object({ id: z.number().int(), name: z.string() });
export type DivisionOption = z.infer<typeof divisionOptionSchema>;

export async function listDivisionOptions(mainId: number): Promise<DivisionOption[]> {
  return (
    await api.get<Page<DivisionOption>>('/api/divisions', { mainId, limit: 500, sort: 'order' })
  ).items;
}
