import * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';
import { sheetFile } from '../../../lib/sheet-file.ts';
import { scheduleFileResult } from '../../../../../lib/schemas/game.ts';
import type { ScheduleFileResult } from '../../../../../lib/schemas/game.ts';

/** POST /api/league/league/{id}/schedule/upload_file?dryRun: multipart `file` (xlsx or csv); dryRun=true only previews. */
export const uploadScheduleSchema = z.object({
  file: sheetFile('일정 파일을 선택해 주세요.'),
  dryRun: z.boolean(),
});
export type UploadScheduleInput = z.infer<typeof uploadScheduleSchema>;
export const uploadResultSchema = scheduleFileResult;
export type { ScheduleFileResult };

export function uploadScheduleFile(
  leagueId: number,
  { file, dryRun }: UploadScheduleInput,
): Promise<ScheduleFileResult> {
  const body = new FormData();
  body.append('file', file, file.name);
  return api.call<ScheduleFileResult>(`/api/league/league/${leagueId}/schedule/upload_file`, {
    method: 'POST',
    body,
    query: { dryRun: String(dryRun) },
  });
}

/** GET /api/league/league/{id}/schedule/template.csv: the template to fill in. */
export const scheduleTemplateUrl = (leagueId: number) =>
  `/api/league/league/${leagueId}/schedule/template.csv`;
