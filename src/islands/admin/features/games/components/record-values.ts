import type { GameRecord, Side } from '../../../../../lib/schemas/box-score.ts';
import { plateAppearances } from '../../../../../lib/stats/plate-appearances.ts';
import { inningsToText } from '../../../../../lib/schemas/inning-list.ts';
import { battersFaced } from '../../../../../lib/stats/batters-faced.ts';
import { BATTING, BATTING_EVENTS, GWRBI_MARK, PITCHING } from './record-columns.ts';
import { decisionCell, inningsLabel } from './record-grid.ts';

/** The text a player's cell shows for a player id ('7 김민준'), per side. */
export type PlayerLabel = (side: Side, playerId: number) => string | undefined;

/** A cell as the grid holds it: typed text, a number from a record or a paste, or blank. */
export type Cell = number | string | boolean | null | undefined;
export type GridRow = Record<string, Cell>;
export type Kind = 'batting' | 'pitching';

export interface RecordFormValues {
  status: 'final' | 'forfeit' | 'suspended';
  innings: { away: Cell[]; home: Cell[] };
  away: { batting: GridRow[]; pitching: GridRow[] };
  home: { batting: GridRow[]; pitching: GridRow[] };
  /** the pitchers of record are the lines marked 승, 패, 세이브: one state, shown on the lines and in the boxes */
  mvpPlayerId: Cell;
  forfeitWinnerTeamId: Cell;
  notes: string;
}

/** Lines a new record starts with, so a block can be pasted at once. */
export const NEW_ROWS: Record<Kind, number> = { batting: 9, pitching: 2 };

/**
 * A line with nothing typed. Batting order and pitching turn are not kept on a line: they come
 * from the lines as they stand (a batter marked 교체 takes the place of the line above).
 */
export const emptyRow = (kind: Kind): GridRow =>
  kind === 'batting'
    ? { player: '', playerId: undefined, position: '', sub: false }
    : { player: '', playerId: undefined, ip: '', decision: '' };

export const blank = (v: Cell) => v === '' || v == null || v === false;

/** A line the scorer never touched: no player and no numbers. */
export function isBlankRow(row: GridRow, kind: Kind): boolean {
  const keys =
    kind === 'batting'
      ? [...BATTING.map(([k]) => k), ...BATTING_EVENTS.map(([k]) => k), 'position', 'sub']
      : [...PITCHING.map(([k]) => k), 'ip', 'decision'];
  return (
    blank(row.playerId) &&
    String(row.player ?? '').trim() === '' &&
    keys.every((k) => blank(row[k]) || row[k] === 0)
  );
}

/** A saved batting line as grid cells: 결승타 as O, innings as '3,5', 타석 blank when it follows. */
export function battingRowFromRecord(line: GameRecord['away']['batting'][number]): GridRow {
  const row: GridRow = {};
  for (const [key, value] of Object.entries(line)) {
    if (key === 'gwrbi') row[key] = value ? GWRBI_MARK : '';
    else if (Array.isArray(value)) row[key] = inningsToText(value as number[]);
    else if (key !== 'battingOrder' && key !== 'seq') row[key] = value as Cell;
  }
  row.sub = line.seq > 1;
  // A 타석 that is the sum of its parts is left to the grid, so changing 타수 later keeps it right.
  if (line.pa === plateAppearances(line)) row.pa = '';
  return row;
}

/** A saved team's lines as grid rows; 상대 타자 blank when the grid would fill in the same. */
function teamFromRecord(record: GameRecord, side: Side, label: PlayerLabel) {
  const player = (id: number) => label(side, id) ?? `#${id}`;
  const batting = record[side].batting.map((l) => ({
    ...battingRowFromRecord(l),
    player: player(l.playerId),
  }));
  const lines = record[side].pitching;
  const pitching: GridRow[] = lines.map(({ outs, seq: _seq, ...rest }) => ({
    ...rest,
    player: player(rest.playerId),
    ip: inningsLabel(outs),
    decision: decisionCell(rest.decision),
  }));
  const other = record[side === 'away' ? 'home' : 'away'].batting;
  const opposingPa = other.reduce((total, l) => total + l.pa, 0);
  const filled = battersFaced(
    lines.map((l) => ({ ...l, bf: null })),
    opposingPa,
  );
  if (filled.every((bf, i) => bf === lines[i].bf))
    return { batting, pitching: pitching.map((p) => ({ ...p, bf: '' })) };
  return { batting, pitching };
}

/** The form's values for a game: its saved record, or the empty lines of a new one. */
export function fromRecord(
  record: GameRecord,
  inningsPerGame: number,
  label: PlayerLabel,
): RecordFormValues {
  const has = record.hasRecord;
  const team = (side: Side) =>
    has
      ? teamFromRecord(record, side, label)
      : {
          batting: Array.from({ length: NEW_ROWS.batting }, () => emptyRow('batting')),
          pitching: Array.from({ length: NEW_ROWS.pitching }, () => emptyRow('pitching')),
        };
  return {
    status:
      record.status === 'forfeit'
        ? 'forfeit'
        : record.status === 'suspended'
          ? 'suspended'
          : 'final',
    // a game scored live opens with the line score entered, so nothing is typed twice (decision 149)
    innings:
      has || record.live
        ? { away: [...record.innings.away], home: [...record.innings.home] }
        : { away: Array(inningsPerGame).fill(null), home: Array(inningsPerGame).fill(null) },
    away: team('away'),
    home: team('home'),
    mvpPlayerId: record.mvpPlayerId,
    forfeitWinnerTeamId: record.forfeitWinnerTeamId,
    notes: record.notes,
  };
}

/**
 * A kept draft as the grid reads it now: drafts of an earlier grid carried 타순 and 순번 cells,
 * chose players from a list (an id, no text) and kept the pitchers of record apart from the lines.
 */
export function fromDraftValues(values: RecordFormValues, label: PlayerLabel): RecordFormValues {
  const player = (side: Side, row: GridRow) =>
    typeof row.player === 'string'
      ? row.player
      : blank(row.playerId)
        ? ''
        : (label(side, Number(row.playerId)) ?? '');
  const old = values as RecordFormValues & Record<string, Cell>;
  const ofRecord = (row: GridRow): string | null => {
    const id = Number(row.playerId);
    if (!id) return null;
    if (Number(old.winPitcherId) === id) return 'W';
    if (Number(old.lossPitcherId) === id) return 'L';
    if (Number(old.savePitcherId) === id) return 'S';
    return null;
  };
  const team = (side: Side) => ({
    batting: values[side].batting.map(({ battingOrder: _o, seq, ...row }) => ({
      ...row,
      player: player(side, row),
      sub: row.sub ?? Number(seq) > 1,
    })),
    pitching: values[side].pitching.map(({ seq: _s, ...row }) => ({
      ...row,
      player: player(side, row),
      decision: decisionCell(ofRecord(row) ?? row.decision),
    })),
  });
  const {
    winPitcherId: _w,
    lossPitcherId: _l,
    savePitcherId: _s,
    ...rest
  } = old as RecordFormValues & { winPitcherId?: Cell; lossPitcherId?: Cell; savePitcherId?: Cell };
  return { ...rest, away: team('away'), home: team('home') };
}
