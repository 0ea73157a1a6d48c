import * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';

/** DELETE /api/coaches/{id}: 409 with the reason when the coach is on a staff. */
export const deleteCoachSchema = z.object({ id: z.number().int().positive() });
export type DeleteCoachInput = z.infer<typeof deleteCoachSchema>;

export const deleteCoach = ({ id }: DeleteCoachInput) =>
  api.del<{ id: number }>(`/api/coaches/${id}`);
