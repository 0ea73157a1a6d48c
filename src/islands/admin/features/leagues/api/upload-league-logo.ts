import * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';
import { leagueLimits } from '../../../../../lib/schemas/league.ts';
import type { League } from '../../../../../lib/schemas/league.ts';

/**
 * POST /api/league/main/{mainId}/season/{seasonId}/league/{leagueId}/logo: multipart `file`, an image
 * of 2MB at most. The server decides the type from the file's content, so only the size is checked here.
 */
export const uploadLeagueLogoSchema = z.object({
  file: z
    .instanceof(File, { error: '로고 이미지 파일을 선택해 주세요.' })
    .refine((f) => f.size <= leagueLimits.logoBytesMax, {
      error: `로고 이미지는 ${leagueLimits.logoBytesMax / 1024 / 1024}MB 이하여야 합니다.`,
    }),
});
export type UploadLeagueLogoInput = z.infer<typeof uploadLeagueLogoSchema>;

export function uploadLeagueLogo(
  scope: { mainId: number; seasonId: number; leagueId: number },
  { file }: UploadLeagueLogoInput,
): Promise<League> {
  const body = new FormData();
  body.append('file', file, file.name);
  return api.call<League>(
    `/api/league/main/${scope.mainId}/season/${scope.seasonId}/league/${scope.leagueId}/logo`,
    { method: 'POST', body },
  );
}
