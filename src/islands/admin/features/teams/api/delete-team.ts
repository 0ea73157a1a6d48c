import * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';

/** DELETE /api/teams/{id}: 409 with the reason when players, leagues or games refer to it. */
export const deleteTeamSchema = z.object({ id: z.number().int().positive() });
export type DeleteTeamInput = z.infer<typeof deleteTeamSchema>;

export const deleteTeam = ({ id }: DeleteTeamInput) => api.del<{ id: number }>(`/api/teams/${id}`);
