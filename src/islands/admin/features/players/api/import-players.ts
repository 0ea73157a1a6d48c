import * as z from 'zod';
import { api } from '../../../../../lib/api-client.ts';
import { playerImportChoices } from '../../../../../lib/schemas/player-import.ts';
import type {
  PlayerImportChoices,
  PlayerImportResult,
  PlayerImportRow,
} from '../../../../../lib/schemas/player-import.ts';
import { sheetFile } from '../../../lib/sheet-file.ts';

/**
 * POST /api/players/import_file?mainId&dryRun: multipart `file` (xlsx or csv) and `choices`, per file
 * line the same-name person meant (an existing player's id or 'new'); dryRun=true only previews.
 */
export const importPlayersSchema = z.object({
  file: sheetFile('선수 파일을 선택해 주세요.'),
  dryRun: z.boolean(),
  choices: playerImportChoices,
});
export type ImportPlayersInput = z.infer<typeof importPlayersSchema>;
export type { PlayerImportChoices, PlayerImportResult, PlayerImportRow };

export function importPlayers(
  mainId: number,
  { file, dryRun, choices }: ImportPlayersInput,
): Promise<PlayerImportResult> {
  const body = new FormData();
  body.append('file', file, file.name);
  body.append('choices', JSON.stringify(choices));
  return api.call<PlayerImportResult>('/api/players/import_file', {
    method: 'POST',
    body,
    query: { mainId, dryRun: String(dryRun) },
  });
}
