import * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';

/** GET /api/common/config: the default association and the active season, loaded first. */
export const configSchema = z.object({
  defaultMainId: z.number().int(),
  defaultMainPath: z.string(),
  defaultMainName: z.string(),
  activeSeason: z.object({ seasonId: z.number().int(), seasonName: z.string(), year: z.number().int(), active: z.boolean() }).nullable(),
  seasons: z.array(z.object({ seasonId: z.number().int(), seasonName: z.string(), year: z.number().int(), active: z.boolean() })),
});
export type PublicConfig = z.infer<typeof configSchema>;

export const getConfig = () => api.get<PublicConfig>('/api/common/config');
