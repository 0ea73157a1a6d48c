/** A CSV cell as a page hands it over; null and undefined become empty cells. */
export type CsvCell = string | number | null | undefined;

const BOM = '\uFEFF';
// Spreadsheets run a cell starting with one of these as a formula (CSV injection, OWASP).
const FORMULA_START = /^[=+\-@\t\r]/;
// A dash for "none" (the leader's 게임차) and a plain negative number cannot run anything.
const HARMLESS = /^-(?:\d+(?:\.\d+)?|\.\d+)?$/;

/** One cell: formula starts neutralised with a leading quote, quoted when it holds , " or a line break. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // Negative numbers stay numbers: only text is neutralised.
  if (typeof value !== 'number' && FORMULA_START.test(text) && !HARMLESS.test(text))
    text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole CSV file: UTF-8 BOM (so Excel reads Korean), CRLF line ends, header row first. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
