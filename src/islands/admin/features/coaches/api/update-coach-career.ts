import { api } from '../../../../../lib/api-client.ts';
import { coachCareerUpdate } from '../../../../../lib/schemas/coach.ts';
import type { CoachCareer, CoachCareerUpdate } from '../../../../../lib/schemas/coach.ts';

/** PATCH /api/coaches/{id}/career/{careerId} */
export const updateCoachCareerSchema = coachCareerUpdate;
export type UpdateCoachCareerInput = CoachCareerUpdate;

export const updateCoachCareer = (
  coachId: number,
  careerId: number,
  input: UpdateCoachCareerInput,
) => api.patch<CoachCareer>(`/api/coaches/${coachId}/career/${careerId}`, input);
