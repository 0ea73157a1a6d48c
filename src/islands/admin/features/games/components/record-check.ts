import { boxScoreInput, sideLabels } from '../../../../../lib/schemas/box-score.ts';
import type { BoxScoreValues, Side } from '../../../../../lib/schemas/box-score.ts';
import { validateBoxScore } from '../../../../../lib/schemas/validate-box-score.ts';
import type { BoxScoreContext } from '../../../../../lib/schemas/validate-box-score.ts';
import {
  inningEventLabels,
  inningEvents,
  inningsField,
} from '../../../../../lib/schemas/box-score.ts';
import { inningsFromText, inningsToText } from '../../../../../lib/schemas/inning-list.ts';
import { outsFromInningsText } from './record-grid.ts';

/** A cell as the grid holds it: typed text, a number from a record or a paste, or blank. */
export type Cell = number | string | null | undefined;
export type GridRow = Record<string, Cell>;

export interface RecordFormValues {
  status: 'final' | 'forfeit' | 'suspended';
  innings: { away: Cell[]; home: Cell[] };
  away: { batting: GridRow[]; pitching: GridRow[] };
  home: { batting: GridRow[]; pitching: GridRow[] };
  winPitcherId: Cell;
  lossPitcherId: Cell;
  savePitcherId: Cell;
  mvpPlayerId: Cell;
  forfeitWinnerTeamId: Cell;
  notes: string;
}

export const BATTING: ReadonlyArray<readonly [string, string]> = [
  ['pa', '타석'],
  ['ab', '타수'],
  ['r', '득점'],
  ['h', '안타'],
  ['b2', '2루타'],
  ['b3', '3루타'],
  ['hr', '홈런'],
  ['rbi', '타점'],
  ['bb', '볼넷'],
  ['hbp', '사구'],
  ['so', '삼진'],
  ['sb', '도루'],
  ['cs', '도루실패'],
  ['sh', '희생번트'],
  ['sf', '희생플라이'],
  ['e', '실책'],
  ['gidp', '병살타'],
];
/**
 * Text columns of a batter after the counts: 결승타 (an O) and the innings of each listed event
 * ('3,5'), which the box score's summary lines show.
 */
export const BATTING_EVENTS: ReadonlyArray<readonly [string, string]> = [
  ['gwrbi', '결승타'],
  ...inningEvents.map((e) => [inningsField(e), `${inningEventLabels[e]} 이닝`] as const),
];
/** How the grid shows a saved 결승타 and what it reads as one. */
export const GWRBI_MARK = 'O';
const GWRBI_YES = new Set(['o', '○', '◯', '1', 'y', 'v', '✓', '예']);
const GWRBI_NO = new Set(['0', 'x', '×', 'n', '아니오']);

/** A saved batting line as grid cells: 결승타 as O, innings as '3,5'. */
export function battingRowFromRecord(line: Record<string, unknown>): GridRow {
  const row: GridRow = {};
  for (const [key, value] of Object.entries(line)) {
    if (key === 'gwrbi') row[key] = value ? GWRBI_MARK : '';
    else if (Array.isArray(value)) row[key] = inningsToText(value as number[]);
    else row[key] = value as GridRow[string];
  }
  return row;
}

/** Counting columns of a pitcher after the innings. */
export const PITCHING: ReadonlyArray<readonly [string, string]> = [
  ['bf', '상대타자'],
  ['h', '피안타'],
  ['r', '실점'],
  ['er', '자책'],
  ['bb', '볼넷'],
  ['hbp', '사구'],
  ['so', '탈삼진'],
  ['hr', '피홈런'],
  ['wp', '폭투'],
];

const FIELD_NAMES: Record<string, string> = {
  ...Object.fromEntries(BATTING),
  ...Object.fromEntries(BATTING_EVENTS),
  playerId: '선수',
  position: '위치',
  battingOrder: '타순',
  seq: '순번',
  decision: '결과',
};
const PITCH_FIELD_NAMES: Record<string, string> = {
  ...Object.fromEntries(PITCHING),
  playerId: '선수',
  ip: '이닝',
  outs: '이닝',
  seq: '등판 순서',
  decision: '결과',
};
const TOP_FIELDS: Record<string, string> = {
  status: '경기 결과',
  innings: '이닝별 득점',
  winPitcherId: '승리 투수',
  lossPitcherId: '패전 투수',
  savePitcherId: '세이브 투수',
  mvpPlayerId: 'MVP',
  forfeitWinnerTeamId: '몰수승 팀',
  notes: '비고',
};

const blank = (v: Cell) => v === '' || v == null;

/** A line the scorer never touched: no player and no numbers (its order and turn are filled in). */
export function isBlankRow(row: GridRow, kind: 'batting' | 'pitching'): boolean {
  const keys =
    kind === 'batting'
      ? [...BATTING.map(([k]) => k), ...BATTING_EVENTS.map(([k]) => k), 'position']
      : [...PITCHING.map(([k]) => k), 'ip', 'decision'];
  return blank(row.playerId) && keys.every((k) => blank(row[k]) || row[k] === 0);
}

export interface RecordCheck {
  /** what the API takes, when there are no errors */
  input: BoxScoreValues | null;
  /** field path of the grid (rows as shown) → Korean message */
  errors: Record<string, string>;
  /** plausible mistakes the scorer confirms before saving, by field path */
  warnings: Record<string, string>;
  /** grid row of each line sent, per side and kind, to put the server's answers on their rows */
  rowsSent: Record<Side, { batting: number[]; pitching: number[] }>;
}

/**
 * Every problem of the grid at once: unreadable cells, the shape rules, and every check of the
 * shared `validateBoxScore` (errors and warnings) run on the readable part even when some cells
 * are wrong.
 */
export function checkRecordForm(values: RecordFormValues, ctx: BoxScoreContext): RecordCheck {
  const errors: Record<string, string> = {};
  const fail = (path: string, message: string) => {
    errors[path] ??= message;
  };
  const count = (path: string, v: Cell, max = 999): number => {
    if (blank(v)) return 0;
    const text = String(v).trim();
    if (!/^\d+$/.test(text)) {
      fail(path, '0 이상의 정수를 적어 주세요.');
      return 0;
    }
    const n = Number(text);
    if (n > max) fail(path, `${max} 이하로 적어 주세요.`);
    return n;
  };
  const id = (v: Cell) => (blank(v) ? null : Number(v));
  const forfeit = values.status === 'forfeit';
  const rowsSent: RecordCheck['rowsSent'] = {
    away: { batting: [], pitching: [] },
    home: { batting: [], pitching: [] },
  };
  let missing = 0;
  const sides = {} as Record<Side, BoxScoreValues['away']>;
  for (const side of ['away', 'home'] as const) {
    const team = values[side];
    const batting: BoxScoreValues['away']['batting'] = [];
    const pitching: BoxScoreValues['away']['pitching'] = [];
    if (!forfeit) {
      team.batting.forEach((row, i) => {
        if (isBlankRow(row, 'batting')) return;
        const at = `${side}.batting.${i}`;
        rowsSent[side].batting.push(i);
        const playerId = id(row.playerId);
        if (playerId === null) fail(`${at}.playerId`, '선수를 골라 주세요.');
        const line = {
          playerId: playerId ?? -++missing,
          battingOrder: count(`${at}.battingOrder`, row.battingOrder, 15) || batting.length + 1,
          seq: count(`${at}.seq`, row.seq, 20) || 1,
          position: String(row.position ?? '').trim(),
        } as Record<string, unknown>;
        if ((line.position as string).length > 10)
          fail(`${at}.position`, '10자 이하로 적어 주세요.');
        for (const [k] of BATTING) line[k] = count(`${at}.${k}`, row[k]);
        const mark = String(row.gwrbi ?? '')
          .trim()
          .toLowerCase();
        if (mark !== '' && !GWRBI_YES.has(mark) && !GWRBI_NO.has(mark))
          fail(`${at}.gwrbi`, `결승타는 ${GWRBI_MARK}로 표시하거나 비워 두세요.`);
        line.gwrbi = GWRBI_YES.has(mark);
        for (const e of inningEvents) {
          const field = inningsField(e);
          const innings = inningsFromText(String(row[field] ?? ''));
          if (innings === null) fail(`${at}.${field}`, '이닝은 3,5처럼 숫자로 적어 주세요.');
          line[field] = innings ?? [];
        }
        batting.push(line as BoxScoreValues['away']['batting'][number]);
      });
      team.pitching.forEach((row, i) => {
        if (isBlankRow(row, 'pitching')) return;
        const at = `${side}.pitching.${i}`;
        rowsSent[side].pitching.push(i);
        const playerId = id(row.playerId);
        if (playerId === null) fail(`${at}.playerId`, '투수를 골라 주세요.');
        const outs = outsFromInningsText(String(row.ip ?? ''));
        if (outs === null)
          fail(`${at}.ip`, '이닝은 6.2나 6⅔처럼, 아웃 수는 20아웃처럼 적어 주세요.');
        else if (outs > 90) fail(`${at}.ip`, '30이닝(90아웃) 이하로 적어 주세요.');
        const line = {
          playerId: playerId ?? -++missing,
          seq: count(`${at}.seq`, row.seq, 20) || pitching.length + 1,
          outs: outs ?? 0,
          decision: (row.decision || null) as 'W' | 'L' | 'S' | 'H' | null,
        } as Record<string, unknown>;
        for (const [k] of PITCHING) line[k] = count(`${at}.${k}`, row[k]);
        pitching.push(line as BoxScoreValues['away']['pitching'][number]);
      });
    }
    sides[side] = { batting, pitching };
  }
  const away = forfeit
    ? []
    : values.innings.away.map((v, i) => {
        if (blank(v)) {
          fail(`innings.away.${i}`, `${i + 1}회 초 득점을 입력해 주세요.`);
          return 0;
        }
        return count(`innings.away.${i}`, v, 99);
      });
  const home = forfeit
    ? []
    : values.innings.home.map((v, i) => (blank(v) ? null : count(`innings.home.${i}`, v, 99)));
  const record: BoxScoreValues = {
    status: values.status,
    innings: { away, home },
    away: sides.away,
    home: sides.home,
    winPitcherId: forfeit ? null : id(values.winPitcherId),
    lossPitcherId: forfeit ? null : id(values.lossPitcherId),
    savePitcherId: forfeit ? null : id(values.savePitcherId),
    mvpPlayerId: forfeit ? null : id(values.mvpPlayerId),
    forfeitWinnerTeamId: id(values.forfeitWinnerTeamId),
    notes: String(values.notes ?? '').trim(),
  };
  // The shape rules (limits and lengths), then every cross-check on what could be read.
  const parsed = boxScoreInput.safeParse(record);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      if (/\.playerId$/.test(path)) continue; // said above, in plainer words
      fail(path, issue.message);
    }
  }
  const checked = validateBoxScore(record, ctx);
  for (const { path, message } of checked.errors)
    fail(toGridPath(path, rowsSent), message.replace('아웃 수', '이닝'));
  const warnings: Record<string, string> = {};
  for (const { path, message } of checked.warnings) {
    const at = toGridPath(path, rowsSent);
    warnings[at] = warnings[at] ? `${warnings[at]} ${message}` : message;
  }
  return { input: Object.keys(errors).length ? null : record, errors, warnings, rowsSent };
}

/** A path of the lines sent ('away.batting.2.h') as the grid row it came from. */
export function toGridPath(path: string, rowsSent: RecordCheck['rowsSent']): string {
  const match = /^(away|home)\.(batting|pitching)\.(\d+)(\.\w+)?$/.exec(path);
  if (!match) return path;
  const [, side, kind, index, rest = ''] = match;
  const row = rowsSent[side as Side][kind as 'batting' | 'pitching'][Number(index)];
  const field = rest === '.outs' ? '.ip' : rest;
  return `${side}.${kind}.${row ?? index}${field}`;
}

export interface Names {
  team: (side: Side) => string;
  player: (id: number) => string | undefined;
}

/** Where a problem is, in words: team, row (with the player) and column. */
export function describePath(path: string, values: RecordFormValues, names: Names): string {
  const line = /^(away|home)\.(batting|pitching)\.(\d+)(?:\.(\w+))?$/.exec(path);
  if (line) {
    const [, side, kind, index, field] = line;
    const row = values[side as Side][kind as 'batting' | 'pitching'][Number(index)];
    const player = row?.playerId ? names.player(Number(row.playerId)) : undefined;
    const who = `${kind === 'batting' ? '타자' : '투수'} ${Number(index) + 1}행${player ? `(${player})` : ''}`;
    const column = field
      ? ((kind === 'batting' ? FIELD_NAMES : PITCH_FIELD_NAMES)[field] ?? field)
      : '';
    return `${sideLabels[side as Side]} ${names.team(side as Side)} ${who}${column ? ` ${column}` : ''}`;
  }
  const team = /^(away|home)\.(batting|pitching)$/.exec(path);
  if (team)
    return `${sideLabels[team[1] as Side]} ${names.team(team[1] as Side)} ${team[2] === 'batting' ? '타격' : '투구'}`;
  const inning = /^innings\.(away|home)(?:\.(\d+))?$/.exec(path);
  if (inning)
    return `${sideLabels[inning[1] as Side]} ${names.team(inning[1] as Side)} ${inning[2] ? `${Number(inning[2]) + 1}회 득점` : '이닝별 득점'}`;
  return TOP_FIELDS[path] ?? path;
}
