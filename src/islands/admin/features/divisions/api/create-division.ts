import { api } from '../../../../../lib/api-client.ts';
import { divisionInput } from '../../../../../lib/schemas/division.ts';
import type { Division, DivisionInput } from '../../../../../lib/schemas/division.ts';

/** POST /api/divisions */
export const createDivisionSchema = divisionInput;
export type CreateDivisionInput = DivisionInput;

export const createDivision = (input: CreateDivisionInput) =>
  api.post<Division>('/api/divisions', input);
