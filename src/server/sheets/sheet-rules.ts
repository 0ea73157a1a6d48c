/**
 * What every sheet upload is held to, for the request thread and the reading thread alike. Only
 * the reading thread (sheet-worker.ts) loads sheet-file.ts and its parsers (read-excel-file and
 * papaparse, about 80 modules): the request thread has no use for them.
 */

/** Largest sheet file (xlsx or CSV) an upload may send; checked before anything is read. */
export const SHEET_FILE_MAX_BYTES = 5 * 1024 * 1024;

/** A file that cannot be read as a sheet; the message is Korean and safe to show. */
export class SheetError extends Error {}
