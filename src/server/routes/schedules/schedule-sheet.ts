import readExcel, { SheetNotFoundError } from 'read-excel-file/node';
import type { SheetCell } from '../../services/schedules.ts';

/**
 * Reads an uploaded schedule sheet into rows of cells: CSV (UTF-8 with or without BOM, or the
 * CP949/EUC-KR Excel saves on Korean Windows) and xlsx (first worksheet, through read-excel-file; see
 * docs/decisions/045). Dates come back as 1900-system Excel serials whatever the workbook's date
 * system, so readDate/readTime read them; everything else is text.
 */

/** A file that cannot be read as a sheet; the message is Korean and safe to show. */
export class SheetError extends Error {}

/* ---------- CSV ---------- */

/** Text of a CSV file: UTF-8 (BOM dropped), or CP949 when the bytes are not UTF-8. */
export function decodeCsv(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    try {
      text = new TextDecoder('euc-kr', { fatal: true }).decode(bytes);
    } catch {
      throw new SheetError('CSV 파일의 글자 인코딩을 읽을 수 없습니다. UTF-8로 저장해 주세요.');
    }
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Splits CSV text into rows: quoted fields with "" escapes and line breaks, CRLF/LF/CR, comma (or tab/semicolon when the first line has no comma). */
export function parseCsv(text: string): string[][] {
  const firstLine = text.slice(0, text.search(/\r|\n|$/));
  const delimiter = firstLine.includes(',')
    ? ','
    : firstLine.includes('\t')
      ? '\t'
      : firstLine.includes(';')
        ? ';'
        : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        field += ch;
      }
      i++;
      continue;
    }
    if (ch === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (ch === delimiter) {
      row.push(field);
      field = '';
    } else if (ch === '\r' || ch === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      if (ch === '\r' && text[i + 1] === '\n') i++;
    } else {
      field += ch;
    }
    i++;
  }
  if (quoted) throw new SheetError('CSV 파일의 따옴표(")가 닫히지 않았습니다.');
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.map((r) => r.map((cell) => cell.trim()));
}

/* ---------- xlsx ---------- */

const DAY_MS = 86_400_000;
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
/** Days a time-only cell carries in either date system (1900: 1899-12-30/31, 1904: 1904-01-01). */
const TIME_ONLY_DAYS = new Set([0, 1, 1462]);
/** More rows than any season schedule; checked after reading. */
const MAX_ROWS = 10_000;

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
  if (first.data.length > MAX_ROWS) throw new SheetError('엑셀 시트의 행이 너무 많습니다.');
  return first.data.map((row) => {
    const cells = row.map(cellOf);
    while (cells.length > 0 && cells[cells.length - 1] === null) cells.pop();
    return cells.every((c) => c === null) ? [] : cells;
  });
}
