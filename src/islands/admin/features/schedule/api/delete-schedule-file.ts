import * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';

/** DELETE /api/league/league/{id}/schedule/delete_file: forgets the stored file; imported games stay. */
export const deleteScheduleFileSchema = z.object({ leagueId: z.number().int().positive() });
export type DeleteScheduleFileInput = z.infer<typeof deleteScheduleFileSchema>;

export const deleteScheduleFile = ({ leagueId }: DeleteScheduleFileInput) =>
  api.del<{ leagueId: number; removed: boolean }>(
    `/api/league/league/${leagueId}/schedule/delete_file`,
  );
