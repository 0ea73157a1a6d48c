import * as z from 'zod';

/** A spreadsheet to upload (xlsx or csv, 5MB at most, as the server's sheet reader takes); `missing` says which file to choose. */
export const sheetFile = (missing: string) =>
  z
    .instanceof(File, { error: missing })
    .refine((f) => /\.(xlsx|csv)$/i.test(f.name), {
      error: '엑셀(xlsx) 또는 CSV 파일만 올릴 수 있습니다.',
    })
    .refine((f) => f.size <= 5 * 1024 * 1024, { error: '파일은 5MB 이하여야 합니다.' });
