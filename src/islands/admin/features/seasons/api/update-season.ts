import type * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';
import { seasonUpdate } from '../../../../../lib/schemas/season.ts';
import type { Season } from '../../../../../lib/schemas/season.ts';

/** PUT /api/league/main/{mainId}/season/{seasonId} */
export const updateSeasonSchema = seasonUpdate;
export type UpdateSeasonInput = z.input<typeof seasonUpdate>;

export const updateSeason = (mainId: number, seasonId: number, input: UpdateSeasonInput) =>
  api.put<Season>(`/api/league/main/${mainId}/season/${seasonId}`, input);
