import { api } from '../../../../../lib/api-client.ts';
import { season } from '../../../../../lib/schemas/season.ts';
import type { Season } from '../../../../../lib/schemas/season.ts';

/** GET /api/league/main/{mainId}/season */
export const seasonSchema = season;
export type { Season };

export const listSeasons = (mainId: number) =>
  api.get<Season[]>(`/api/league/main/${mainId}/season`);
