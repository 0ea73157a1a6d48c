import { isTimeOfDay } from '../../lib/schemas/game.ts';

/**
 * Reading the cells of an uploaded sheet (schedules, players): the one place that turns a cell into
 * a date, a time or a name to compare, whether it came from xlsx (Excel serials of the 1900 system,
 * see sheet-file.ts) or CSV (text).
 */

/** One cell: text, a number (an Excel serial for dates and times), or nothing. */
export type SheetCell = string | number | null;

/** A cell as trimmed text ('' when empty). */
export function cellText(cell: SheetCell | undefined): string {
  if (cell === null || cell === undefined) return '';
  return typeof cell === 'number' ? String(cell) : cell.trim();
}

/** Lowercase, no spaces or dots, NFC: how names in a file are compared. */
export function normalizeName(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\s.·\u00a0]+/g, '')
    .toLowerCase();
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date from a cell: 2025-05-10, 2025.5.10, 2025/5/10, 2025년 5월 10일, 5/10 or 5월 10일 (in
 * `defaultYear`), 20250510, or an Excel serial. Years before `minYear` (default 2000, as game dates;
 * birth dates pass 1900) or after 2100 read as nothing.
 */
export function readDate(cell: SheetCell, defaultYear: number, minYear = 2000): string | null {
  const isCalendarDate = (text: string) => {
    const [y, m, d] = text.split('-').map(Number);
    const date = new Date(Date.UTC(y, m - 1, d));
    date.setUTCFullYear(y);
    return (
      y >= minYear &&
      y <= 2100 &&
      date.getUTCFullYear() === y &&
      date.getUTCMonth() === m - 1 &&
      date.getUTCDate() === d
    );
  };
  if (typeof cell === 'number' && Number.isInteger(cell) && cell >= 19000101 && cell <= 21001231)
    cell = String(cell);
  if (typeof cell === 'number') {
    if (!(cell >= 1 && cell < 2958466)) return null;
    const ms = Date.UTC(1899, 11, 30) + Math.floor(cell) * 86_400_000;
    const d = new Date(ms);
    const text = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
    return isCalendarDate(text) ? text : null;
  }
  const text = cellText(cell).replace(/\s*\([^)]*\)\s*$/, '');
  let match = /^(\d{4})\s*[-./년]\s*(\d{1,2})\s*[-./월]\s*(\d{1,2})\s*[.일]?$/.exec(text);
  let parts: [number, number, number] | null = match
    ? [Number(match[1]), Number(match[2]), Number(match[3])]
    : null;
  if (!parts) {
    match = /^(\d{1,2})\s*[-./월]\s*(\d{1,2})\s*[.일]?$/.exec(text);
    if (match) parts = [defaultYear, Number(match[1]), Number(match[2])];
  }
  if (!parts) {
    match = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
    if (match) parts = [Number(match[1]), Number(match[2]), Number(match[3])];
  }
  if (!parts) return null;
  const result = `${parts[0]}-${pad(parts[1])}-${pad(parts[2])}`;
  return isCalendarDate(result) ? result : null;
}

/** A time from a cell: 9:30, 09:30, 09:30:00, 오후 2:00, 14시 30분, or an Excel day fraction; '' = not decided. */
export function readTime(cell: SheetCell): string | null | undefined {
  if (typeof cell === 'number') {
    const fraction = cell - Math.floor(cell);
    if (cell < 0 || (cell >= 1 && fraction === 0)) return undefined;
    const minutes = Math.round(fraction * 1440) % 1440;
    return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
  }
  const text = cellText(cell);
  if (text === '' || text === '미정' || text === '-') return null;
  const match =
    /^(오전|오후|am|pm)?\s*(\d{1,2})\s*(?::|시)\s*(\d{2})?\s*(?::\d{2})?\s*분?\s*(am|pm)?$/i.exec(
      text,
    );
  if (!match) return undefined;
  let hour = Number(match[2]);
  const minute = Number(match[3] ?? 0);
  const meridiem = (match[1] ?? match[4] ?? '').toLowerCase();
  if (meridiem) {
    if (hour < 1 || hour > 12) return undefined;
    if ((meridiem === '오후' || meridiem === 'pm') && hour < 12) hour += 12;
    if ((meridiem === '오전' || meridiem === 'am') && hour === 12) hour = 0;
  }
  const result = `${pad(hour)}:${pad(minute)}`;
  return isTimeOfDay(result) ? result : undefined;
}

/**
 * Where each known column sits in a header row (any order; names compared with normalizeName), or
 * null when the row names none of the `required` columns, i.e. it is not a header.
 */
export function headerColumns<C extends string>(
  row: readonly SheetCell[],
  names: Readonly<Record<C, readonly string[]>>,
  required: readonly C[],
): Map<C, number> | null {
  const map = new Map<C, number>();
  row.forEach((cell, i) => {
    const name = normalizeName(cellText(cell));
    for (const [column, accepted] of Object.entries(names) as Array<[C, readonly string[]]>) {
      if (!map.has(column) && accepted.includes(name)) map.set(column, i);
    }
  });
  return required.some((c) => map.has(c)) ? map : null;
}
