import { decisionCell } from './record-grid.ts';
import { columnOfHeader, isHeaderRow } from './record-headers.ts';
import type { PlayerMatch, Roster } from './record-players.ts';
import { emptyRow } from './record-values.ts';
import type { GridRow, Kind } from './record-values.ts';

/** One pasted column and the grid column it goes to (null: left out, and why). */
export interface PasteColumn {
  /** its header, or its place in the block ('3번째 열') */
  from: string;
  key: string | null;
  why?: 'unknown' | 'outside' | 'twice';
}

/** One pasted line: the grid row it goes to and the player it names. */
export interface PasteRow {
  /** its line in the pasted block, from 1 */
  line: number;
  /** the grid row it fills; null when it is left out */
  target: number | null;
  skipped?: 'total' | 'blank' | 'full';
  /** the player cell's text as pasted (back number and name joined), when the block has one */
  player: string | null;
  match: PlayerMatch | null;
  /** the pasted text by grid column */
  values: Record<string, string>;
}

/** What a paste would do, shown before anything is applied. */
export interface PastePlan {
  kind: Kind;
  /** true when the first line was read as the block's header */
  header: boolean;
  columns: PasteColumn[];
  rows: PasteRow[];
}

const TOTAL = /^(합계|계|총계|팀합계|total|totals)$/i;
/** What a pasted 교체 cell marks as a substitute. */
const SUB_MARKS = new Set(['교체', 'o', '○', 'v', '✓', 'y']);

/**
 * Reads a pasted block for one team's batting or pitching. With a header row (any order, any
 * subset of the columns, Korean or English) each column goes where its header says and the lines
 * fill the grid from the row pasted into; without one, the columns fill the grid from the cell
 * pasted into, as before. Columns the grid has no place for are named, never shifted into another.
 */
export function planPaste(options: {
  kind: Kind;
  cells: readonly string[][];
  /** the grid's columns left to right */
  gridColumns: readonly string[];
  row: number;
  column: number;
  maxRows: number;
  roster: Roster;
}): PastePlan {
  const { kind, cells, gridColumns, row, column, maxRows, roster } = options;
  const header = cells.length > 0 && isHeaderRow(kind, cells[0]);
  const width = Math.max(0, ...cells.map((r) => r.length));
  const seen = new Set<string>();
  const columns: PasteColumn[] = Array.from({ length: width }, (_, j) => {
    if (header) {
      const from = cells[0][j]?.trim() ?? '';
      const key = columnOfHeader(kind, from);
      if (key === null) return { from: from || `${j + 1}번째 열`, key: null, why: 'unknown' };
      if (seen.has(key)) return { from, key: null, why: 'twice' };
      seen.add(key);
      return { from, key };
    }
    const key = gridColumns[column + j] ?? null;
    return key === null
      ? { from: `${j + 1}번째 열`, key: null, why: 'outside' }
      : { from: `${j + 1}번째 열`, key };
  });
  const data = header ? cells.slice(1) : cells;
  let next = row;
  const rows = data.map((line, k): PasteRow => {
    const values: Record<string, string> = {};
    columns.forEach((c, j) => {
      if (c.key) values[c.key] = line[j]?.trim() ?? '';
    });
    const named = [values.backNumber, values.player].filter(Boolean).join(' ');
    const player = 'player' in values || 'backNumber' in values ? named : null;
    const base = { line: k + (header ? 2 : 1), player, values };
    if (line.every((c) => c.trim() === ''))
      return { ...base, target: null, skipped: 'blank', match: null };
    if (player !== null && TOTAL.test(player.replace(/\s/g, '')))
      return { ...base, target: null, skipped: 'total', match: null };
    if (next >= maxRows) return { ...base, target: null, skipped: 'full', match: null };
    return { ...base, target: next++, match: player ? roster.find(player) : null };
  });
  return { kind, header, columns, rows };
}

/** The grid's rows with a planned paste applied. */
export function applyPaste(
  current: readonly GridRow[],
  plan: PastePlan,
  roster: Roster,
): GridRow[] {
  const rows = current.map((r) => ({ ...r }));
  let order: string | null = null;
  for (const line of plan.rows) {
    if (line.target === null) continue;
    while (rows.length <= line.target) rows.push(emptyRow(plan.kind));
    const row = rows[line.target];
    for (const [key, text] of Object.entries(line.values)) {
      if (key === 'player' || key === 'backNumber') continue;
      if (key === 'battingOrder') {
        // a line in the same batting order as the line above is a substitute
        row.sub = order !== null && text !== '' && text === order;
        order = text;
      } else if (key === 'sub') row.sub = SUB_MARKS.has(text.toLowerCase());
      else if (key === 'decision') row.decision = decisionCell(text);
      else row[key] = text === '-' ? '' : text;
    }
    if (line.player !== null) {
      const id = line.match && 'playerId' in line.match ? line.match.playerId : undefined;
      row.playerId = id;
      row.player = id !== undefined ? (roster.label(id) ?? line.player) : line.player;
    }
  }
  return rows;
}
