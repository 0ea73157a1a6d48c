import { ApiError, badRequest } from '../http/api-error.ts';
import { detectType } from '../services/uploads.ts';
import type { SheetCell } from './sheet-cells.ts';
import { SHEET_FILE_MAX_BYTES, SheetError } from './sheet-rules.ts';
import { readSheet } from './read-sheet.ts';

/**
 * A sheet upload (schedules, players) read into rows off the request thread, and the file to keep
 * (CSV re-encoded as UTF-8). Anything that is not a readable xlsx or CSV is refused in Korean.
 */
export async function readSheetUpload(
  file: unknown,
): Promise<{ table: SheetCell[][]; file: File }> {
  const picked = Array.isArray(file) ? file[0] : file;
  if (!(picked instanceof File))
    throw badRequest('파일을 선택해 주세요.', { file: '파일을 선택해 주세요.' });
  if (picked.size === 0)
    throw badRequest('빈 파일은 올릴 수 없습니다.', { file: '빈 파일은 올릴 수 없습니다.' });
  if (picked.size > SHEET_FILE_MAX_BYTES) {
    throw new ApiError(413, '파일이 너무 큽니다. 5MB 이하만 올릴 수 있습니다.', {
      file: '파일이 너무 큽니다.',
    });
  }
  const bytes = new Uint8Array(await picked.arrayBuffer());
  const name = picked.name || 'sheet';
  const unsupported = new ApiError(
    415,
    '지원하지 않는 파일 형식입니다. 엑셀(xlsx) 또는 CSV 파일만 올릴 수 있습니다.',
    { file: '지원하지 않는 파일 형식입니다.' },
  );
  try {
    if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
      if (detectType(bytes, name)?.ext !== 'xlsx') throw unsupported;
      return { table: (await readSheet({ kind: 'xlsx', bytes })).table, file: picked };
    }
    if (!/\.(csv|txt)$/i.test(name)) throw unsupported;
    const { table, text = '' } = await readSheet({ kind: 'csv', bytes });
    const utf8 = new TextEncoder().encode(text);
    return {
      table,
      file: new File([utf8], name.replace(/\.txt$/i, '.csv'), { type: 'text/csv' }),
    };
  } catch (err) {
    if (err instanceof SheetError) throw badRequest(err.message, { file: err.message });
    throw err;
  }
}
