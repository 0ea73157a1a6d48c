import Papa from 'papaparse';

/** A CSV file as its header and its rows keyed by the header's labels. */
export interface CsvTable {
  header: string[];
  rows: Record<string, string>[];
}

/**
 * A CSV download of the site (UTF-8 BOM, CRLF, quoted cells with "" escapes and line breaks) read
 * with papaparse, as tests and the figure-parity check read it: no cell is changed.
 */
export function csvTable(text: string): CsvTable {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const { data } = Papa.parse<string[]>(body, { delimiter: ',', skipEmptyLines: true });
  const [header = [], ...rest] = data;
  return { header, rows: rest.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]]))) };
}
