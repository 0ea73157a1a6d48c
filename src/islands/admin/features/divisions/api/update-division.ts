import { api } from '../../../../../lib/api-client.ts';
import { divisionUpdate } from '../../../../../lib/schemas/division.ts';
import type { Division, DivisionUpdate } from '../../../../../lib/schemas/division.ts';

/** PATCH /api/divisions/{id}: only the fields sent change. */
export const updateDivisionSchema = divisionUpdate;
export type UpdateDivisionInput = DivisionUpdate;

export const updateDivision = (id: number, input: UpdateDivisionInput) =>
  api.patch<Division>(`/api/divisions/${id}`, input);
