import type { CsvCell } from './csv.ts';

/** A column of a data table; `abbr` gives the full name where the label is short. */
export interface Column {
  label: string;
  abbr?: string;
  numeric?: boolean;
  /** long names (teams) that may wrap between words on a phone */
  wrap?: boolean;
  /** a prebuilt sort order of the table by this column (records room) */
  href?: string;
  /** the order the rows are in, when sorted by this column */
  sort?: 'ascending' | 'descending';
}

/** A cell: text or a number, optionally a link; `csv` replaces the text in the CSV (innings 6.2 for 6⅔). */
export type Cell =
  | string
  | number
  | { text: string | number; href?: string | null; title?: string; csv?: string | number };

/** A table that renders to HTML and to CSV from the same definition, so the two never disagree. */
export interface TableModel {
  caption: string;
  columns: Column[];
  rows: Cell[][];
  /** total lines, shown in <tfoot> and at the end of the CSV */
  foot?: Cell[][];
  /** index of the column whose cells name the row (rendered as <th scope="row">); -1 for none */
  rowHeader?: number;
  /** link of the CSV download of this table */
  csvHref?: string;
  /**
   * The team of each body row, for a table of teams: the CSV gives it in a last column, 팀 ID, so a
   * spreadsheet tells apart two teams shown alike (decision 136); the page links each row to its team.
   */
  teamIds?: readonly number[];
  /** text shown instead of an empty body */
  empty?: string;
}

/** The text of a cell. */
export function cellText(cell: Cell): string {
  return typeof cell === 'object' ? String(cell.text) : String(cell);
}

/** The link of a cell, if any. */
export function cellHref(cell: Cell): string | null {
  return typeof cell === 'object' ? (cell.href ?? null) : null;
}

/** The label of the CSV's column of team ids (TableModel.teamIds). */
export const TEAM_ID_LABEL = '팀 ID';

/** Header and rows of a table as CSV cells (numbers stay numbers). */
export function tableCsv(table: TableModel): { header: string[]; rows: CsvCell[][] } {
  const value = (cell: Cell): CsvCell =>
    typeof cell === 'object' ? (cell.csv ?? cell.text) : cell;
  const header = table.columns.map((c) => c.label);
  const rows = [...table.rows, ...(table.foot ?? [])].map((row) => row.map(value));
  const ids = table.teamIds;
  if (!ids) return { header, rows };
  // the id last, so every column before it stays where it was; a total line names no team
  return { header: [...header, TEAM_ID_LABEL], rows: rows.map((row, i) => [...row, ids[i]]) };
}
