import { api } from '../../../../../lib/api-client.ts';
import { coachCareer } from '../../../../../lib/schemas/coach.ts';
import type { CoachCareer } from '../../../../../lib/schemas/coach.ts';

/** GET /api/coaches/{id}/career: the teams a coach has worked for, with the role. */
export const coachCareerSchema = coachCareer;
export type { CoachCareer };

export const listCoachCareers = (coachId: number) =>
  api.get<CoachCareer[]>(`/api/coaches/${coachId}/career`);
