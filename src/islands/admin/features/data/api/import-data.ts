import * as z from 'zod';
import { ApiCallError, api } from '../../../../../lib/api-client.ts';

/** The API's request size limit; larger files go through `npm run import`. */
export const importMaxBytes = 25 * 1024 * 1024;

/** POST /api/admin/import: an export file into an empty instance, all or nothing; 409 when the instance has data. */
export const importDataSchema = z.object({
  file: z
    .instanceof(File, { error: '가져올 내보내기 파일을 선택해 주세요.' })
    .refine((f) => /\.json$/i.test(f.name), { error: '내보내기 파일(.json)만 가져올 수 있습니다.' })
    .refine((f) => f.size <= importMaxBytes, {
      error: '25MB를 넘는 파일은 서버에서 npm run import로 가져와 주세요.',
    }),
});
export type ImportDataInput = z.infer<typeof importDataSchema>;

export const importResultSchema = z.object({
  tables: z.number().int(),
  rows: z.number().int(),
  uploads: z.number().int(),
  /** the schema version of an older export that was brought up to date */
  upgradedFrom: z.array(z.string()).nullable(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

const notAnExportMessage =
  '내보내기 파일 형식이 아닙니다. 이 화면의 내보내기나 npm run export로 만든 파일을 골라 주세요.';

/** The file goes as the request body unread: the browser streams it, nothing is parsed here. */
export async function importData({ file }: ImportDataInput): Promise<ImportResult> {
  try {
    return await api.call<ImportResult>('/api/admin/import', {
      method: 'POST',
      body: file,
      headers: { 'content-type': 'application/json' },
    });
  } catch (error) {
    // Field errors mean JSON of another shape; the server names fields, the staff need to hear it is the wrong file.
    if (
      error instanceof ApiCallError &&
      error.status === 400 &&
      Object.keys(error.errors).length > 0
    )
      throw new ApiCallError(400, notAnExportMessage);
    throw error;
  }
}
