import { api } from '../../../../../lib/api-client.ts';
import { coachInput } from '../../../../../lib/schemas/coach.ts';
import type { Coach, CoachInput } from '../../../../../lib/schemas/coach.ts';

/** POST /api/coaches */
export const createCoachSchema = coachInput;
export type CreateCoachInput = CoachInput;

export const createCoach = (input: CreateCoachInput) => api.post<Coach>('/api/coaches', input);
