/** Pure helpers of the record grid: pasted blocks, player and decision cells, innings typed by hand. */
import { formatInningsFraction } from '../../../../../lib/stats/format.ts';

/** The cells of a block copied from Excel or Google Sheets: rows by line breaks, cells by tabs. */
export function parseTsv(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
  return lines.map((line) => line.split('\t').map((cell) => cell.trim()));
}

/** A pasted block is more than one cell; a single value is left to the input itself. */
export const isBlock = (cells: string[][]) =>
  cells.length > 1 || (cells.length === 1 && cells[0].length > 1);

const FRACTIONS: Record<string, number> = { '⅓': 1, '⅔': 2 };

/**
 * Outs from innings as scorers write them: '6.2', '6⅔', '6 2/3', '⅔', '7', or outs given outright
 * as '20아웃' / '20o'. Null when the text cannot be read; '' is 0.
 */
export function outsFromInningsText(raw: string): number | null {
  const text = raw.trim().replace(/\s+/g, ' ');
  if (text === '') return 0;
  const outs = /^(\d+)\s*(?:아웃|o|outs?)$/i.exec(text);
  if (outs) return Number(outs[1]);
  const glyph = /^(\d*)\s*([⅓⅔])$/.exec(text);
  if (glyph) return Number(glyph[1] || 0) * 3 + FRACTIONS[glyph[2]];
  const slash = /^(\d+) ([12])\/3$/.exec(text);
  if (slash) return Number(slash[1]) * 3 + Number(slash[2]);
  const dotted = /^(\d+)(?:\.([0-2]))?$/.exec(text);
  if (dotted) return Number(dotted[1]) * 3 + Number(dotted[2] ?? 0);
  return null;
}

/** Innings from outs as the form shows them: 20 → '6⅔', 21 → '7', 1 → '⅓' (as the pages do). */
export const inningsLabel = formatInningsFraction;

export interface PlayerChoice {
  playerId: number;
  name: string;
  backNumber: number | null;
}

const plain = (s: string) => s.replace(/\s+/g, '').toLowerCase();

/** The players a typed or pasted cell may mean: a back number ('7'), a name ('김민준'), or both ('7 김민준'). */
export function playersFitting<T extends PlayerChoice>(text: string, players: readonly T[]): T[] {
  const cell = text.trim();
  if (cell === '') return [];
  const both = /^#?(\d+)\s*[ .]?\s*(\D.*)$/.exec(cell);
  const numberOnly = /^#?(\d+)$/.exec(cell);
  return players.filter((p) => {
    if (numberOnly) return p.backNumber === Number(numberOnly[1]);
    if (both) return p.backNumber === Number(both[1]) && plain(p.name) === plain(both[2]);
    return plain(p.name) === plain(cell);
  });
}

/** The player a cell means; null when none or more than one player fits. */
export function playerFromCell(text: string, players: readonly PlayerChoice[]): number | null {
  const fits = playersFitting(text, players);
  return fits.length === 1 ? fits[0].playerId : null;
}

const DECISIONS: Record<string, 'W' | 'L' | 'S' | 'H'> = {
  w: 'W',
  승: 'W',
  승리: 'W',
  l: 'L',
  패: 'L',
  패전: 'L',
  s: 'S',
  세: 'S',
  세이브: 'S',
  sv: 'S',
  h: 'H',
  홀: 'H',
  홀드: 'H',
  hld: 'H',
};

/** A pitcher's decision from a typed or pasted cell ('승', 'W', …); '' and '-' mean none. */
export function decisionFromCell(text: string): 'W' | 'L' | 'S' | 'H' | null {
  return DECISIONS[plain(text)] ?? null;
}

/** How the grid shows a decision, as the box score names it. */
export const DECISION_WORDS = { W: '승', L: '패', S: '세이브', H: '홀드' } as const;

/** A decision cell's text as the grid shows it: '승' for 'w', '' for none; unreadable text kept. */
export function decisionCell(text: unknown): string {
  const raw = String(text ?? '').trim();
  const code = decisionFromCell(raw);
  return code ? DECISION_WORDS[code] : raw === '-' ? '' : raw;
}

/** A counting cell from pasted text: digits only, anything else left blank for the checks to name. */
export function countFromCell(text: string): number | '' {
  const cell = text.trim();
  return /^\d+$/.test(cell) ? Number(cell) : cell === '' || cell === '-' ? '' : (cell as never);
}
