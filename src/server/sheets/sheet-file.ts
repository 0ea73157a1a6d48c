import readExcel, { SheetNotFoundError } from 'read-excel-file/node';
import iconv from 'iconv-lite';
import Papa from 'papaparse';
import type { SheetCell } from './sheet-cells.ts';
import { SheetError } from './sheet-rules.ts';

/**
 * Reads an uploaded sheet (schedule or players) into rows of cells: CSV (UTF-8 with or without BOM, or the
 * CP949/EUC-KR Excel saves on Korean Windows) and xlsx (first worksheet, through read-excel-file; see
 * docs/decisions/045). Dates come back as 1900-system Excel serials whatever the workbook's date
 * system, so readDate/readTime read them; everything else is text.
 */

/* ---------- CSV ---------- */

/**
 * Text of a CSV file: UTF-8 (BOM dropped) when the bytes are valid UTF-8, else CP949 (what Excel on
 * Korean Windows saves). CP949 goes through iconv-lite: Node's TextDecoder('euc-kr') silently drops
 * the lead byte of the extended syllables CP949 adds to EUC-KR (똠 came out as "c").
 */
export function decodeCsv(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'cp949');
    if (text.includes('\ufffd'))
      throw new SheetError('CSV 파일의 글자 인코딩을 읽을 수 없습니다. UTF-8로 저장해 주세요.');
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** More rows than any schedule or roster file; checked while reading, so reading stops there. */
export const MAX_SHEET_ROWS = 10_000;
const tooManyRows = `행이 너무 많습니다. 한 파일에 ${MAX_SHEET_ROWS.toLocaleString('ko-KR')}행까지 읽습니다.`;

/**
 * Splits CSV text into rows with papaparse (docs/decisions/090): quoted fields with "" escapes and
 * line breaks, CRLF/LF/CR, comma (or tab/semicolon when the first line has no comma). Reading stops
 * one row past MAX_SHEET_ROWS and the file is refused in Korean.
 */
export function parseCsv(text: string): string[][] {
  const firstLine = text.slice(0, text.search(/\r|\n|$/));
  const delimiter = firstLine.includes(',')
    ? ','
    : firstLine.includes('\t')
      ? '\t'
      : firstLine.includes(';')
        ? ';'
        : ',';
  // One row more than the limit, and the empty row a final line break gives.
  const result = Papa.parse<string[]>(text, { delimiter, preview: MAX_SHEET_ROWS + 2 });
  if (result.errors.some((e) => e.code === 'MissingQuotes'))
    throw new SheetError('CSV 파일의 따옴표(")가 닫히지 않았습니다.');
  const rows = result.data.map((row) => row.map((cell) => cell.trim()));
  const last = rows.at(-1);
  if (last && last.length === 1 && last[0] === '') rows.pop();
  if (rows.length > MAX_SHEET_ROWS) throw new SheetError(tooManyRows);
  return rows;
}

/* ---------- xlsx ---------- */

const DAY_MS = 86_400_000;
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
/** Days a time-only cell carries in either date system (1900: 1899-12-30/31, 1904: 1904-01-01). */
const TIME_ONLY_DAYS = new Set([0, 1, 1462]);

/**
 * A date the library read (already corrected for the workbook's 1900 or 1904 date system) as an
 * Excel serial of the 1900 system, the one readDate/readTime understand; time-only cells keep only
 * their day fraction.
 */
function serialOf(date: Date): number {
  const serial = (date.getTime() - EXCEL_EPOCH_MS) / DAY_MS;
  const day = Math.floor(serial);
  return TIME_ONLY_DAYS.has(day) ? serial - day : serial;
}

function cellOf(value: unknown): SheetCell {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return serialOf(value);
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value).trim();
}

/** The first worksheet of an xlsx file as rows of cells (row and column positions kept). */
export async function readXlsx(bytes: Uint8Array): Promise<SheetCell[][]> {
  let sheets: Awaited<ReturnType<typeof readExcel>>;
  try {
    sheets = await readExcel(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      trim: false,
    });
  } catch (err) {
    if (err instanceof SheetNotFoundError) throw new SheetError('엑셀 파일에 시트가 없습니다.');
    throw new SheetError('엑셀 파일이 손상되었거나 xlsx 형식이 아닙니다.');
  }
  const first = sheets[0];
  if (!first) throw new SheetError('엑셀 파일에 시트가 없습니다.');
  if (first.data.length > MAX_SHEET_ROWS) throw new SheetError(tooManyRows);
  return first.data.map((row) => {
    const cells = row.map(cellOf);
    while (cells.length > 0 && cells[cells.length - 1] === null) cells.pop();
    return cells.every((c) => c === null) ? [] : cells;
  });
}
