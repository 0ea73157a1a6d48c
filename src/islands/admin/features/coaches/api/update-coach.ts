import { api } from '../../../../../lib/api-client.ts';
import { coachUpdate } from '../../../../../lib/schemas/coach.ts';
import type { Coach, CoachUpdate } from '../../../../../lib/schemas/coach.ts';

/** PATCH /api/coaches/{id}: only the fields sent change. */
export const updateCoachSchema = coachUpdate;
export type UpdateCoachInput = CoachUpdate;

export const updateCoach = (id: number, input: UpdateCoachInput) =>
  api.patch<Coach>(`/api/coaches/${id}`, input);
