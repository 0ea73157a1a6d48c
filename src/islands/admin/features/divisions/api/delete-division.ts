import * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';

/** DELETE /api/divisions/{id}: 409 with the reason when teams or leagues use it. */
export const deleteDivisionSchema = z.object({ id: z.number().int().positive() });
export type DeleteDivisionInput = z.infer<typeof deleteDivisionSchema>;

export const deleteDivision = ({ id }: DeleteDivisionInput) =>
  api.del<{ id: number }>(`/api/divisions/${id}`);
