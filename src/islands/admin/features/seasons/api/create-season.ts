import { api } from '../../../../../lib/api-client.ts';
import { seasonInput } from '../../../../../lib/schemas/season.ts';
import type { Season, SeasonInput } from '../../../../../lib/schemas/season.ts';

/** POST /api/league/main/{mainId}/season: `active` makes it the one active season. */
export const createSeasonSchema = seasonInput;
export type CreateSeasonInput = SeasonInput;

export const createSeason = (mainId: number, input: CreateSeasonInput) =>
  api.post<Season>(`/api/league/main/${mainId}/season`, input);
