import * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';

/** DELETE /api/coaches/{id}/career/{careerId} */
export const deleteCoachCareerSchema = z.object({
  coachId: z.number().int().positive(),
  careerId: z.number().int().positive(),
});
export type DeleteCoachCareerInput = z.infer<typeof deleteCoachCareerSchema>;

export const deleteCoachCareer = ({ coachId, careerId }: DeleteCoachCareerInput) =>
  api.del<{ id: number }>(`/api/coaches/${coachId}/career/${careerId}`);
