import { api } from '../../../../../lib/api-client.ts';
import { coachCareerInput } from '../../../../../lib/schemas/coach.ts';
import type { CoachCareer, CoachCareerValues } from '../../../../../lib/schemas/coach.ts';

/** POST /api/coaches/{id}/career */
export const addCoachCareerSchema = coachCareerInput;
export type AddCoachCareerInput = CoachCareerValues;

export const addCoachCareer = (coachId: number, input: AddCoachCareerInput) =>
  api.post<CoachCareer>(`/api/coaches/${coachId}/career`, input);
