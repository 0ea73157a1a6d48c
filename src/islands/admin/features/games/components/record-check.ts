import { boxScoreInput, sideLabels } from '../../../../../lib/schemas/box-score.ts';
import { josa } from '../../../../../lib/validation/josa.ts';
import type { BoxScoreValues, Side } from '../../../../../lib/schemas/box-score.ts';
import { validateBoxScore } from '../../../../../lib/schemas/validate-box-score.ts';
import type { BoxScoreContext } from '../../../../../lib/schemas/validate-box-score.ts';
import { inningsField, inningEvents } from '../../../../../lib/schemas/box-score.ts';
import { battingSlots } from '../../../../../lib/schemas/batting-slots.ts';
import { inningsFromText } from '../../../../../lib/schemas/inning-list.ts';
import {
  BATTING,
  BATTING_EVENTS,
  GWRBI_MARK,
  GWRBI_NO,
  GWRBI_YES,
  PITCHING,
} from './record-columns.ts';
import { derivedFigures } from './record-derived.ts';
import { decisionFromCell, outsFromInningsText } from './record-grid.ts';
import type { Roster } from './record-players.ts';
import { blank, isBlankRow } from './record-values.ts';
import type { Cell, GridRow, Kind, RecordFormValues } from './record-values.ts';

/** One problem as the form shows it. */
export interface FormProblem {
  /** where it is said: a cell of the grid ('away.batting.3.h'), a team's list ('home.pitching') or a field */
  path: string;
  message: string;
  /** the cells it concerns (grid paths); its link in the summary takes the focus to the first */
  cells: string[];
}

export interface RecordCheck {
  /** what the API takes, when there are no errors */
  input: BoxScoreValues | null;
  errors: FormProblem[];
  /** plausible mistakes the scorer confirms before saving */
  warnings: FormProblem[];
  /** grid row of each line sent, per side and kind, to put the server's answers on their rows */
  rowsSent: Record<Side, Record<Kind, number[]>>;
}

const FIELD_NAMES: Record<string, string> = {
  ...Object.fromEntries(BATTING),
  ...Object.fromEntries(BATTING_EVENTS),
  player: '선수',
  playerId: '선수',
  position: '위치',
  battingOrder: '타순',
  sub: '교체',
};
const PITCH_FIELD_NAMES: Record<string, string> = {
  ...Object.fromEntries(PITCHING),
  player: '선수',
  playerId: '선수',
  ip: '이닝',
  seq: '등판 순서',
  decision: '결과',
};
/** The words for each column of a line, as messages and the paste preview name them. */
export const COLUMN_NAMES: Record<Kind, Record<string, string>> = {
  batting: FIELD_NAMES,
  pitching: PITCH_FIELD_NAMES,
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

const TEAM_LIST = /^(away|home)\.(batting|pitching)$/;

/** The cell of the grid that shows a field of a line as the API names it. */
function gridField(kind: Kind, field: string): string {
  if (field === 'outs') return 'ip';
  if (field === 'playerId') return 'player';
  // 타순 and 순번 are worked out from the lines and shown in one cell
  if (kind === 'batting' && field === 'seq') return 'battingOrder';
  return field;
}

/**
 * A problem of the lines sent, put on the grid: a line's field on its cell, a team-wide one on every
 * cell of the column it adds up (the first gets the focus), or on the table when it names none.
 */
export function placeProblem(
  path: string,
  message: string,
  field: string | null,
  rowsSent: RecordCheck['rowsSent'],
): FormProblem {
  const at = toGridPath(path, rowsSent);
  const team = TEAM_LIST.exec(at);
  if (!team) return { path: at, message, cells: [at] };
  const [, side, kind] = team as unknown as [string, Side, Kind];
  const rows = rowsSent[side][kind];
  const cells = field ? rows.map((r) => `${at}.${r}.${gridField(kind, field)}`) : [];
  return { path: at, message, cells: cells.length ? cells : [at] };
}

/**
 * Every problem of the grid at once: unreadable cells, the shape rules, and every check of the
 * shared `validateBoxScore` (errors and warnings) run on the readable part even when some cells
 * are wrong. Blank 타석 and 상대 타자 are filled in first (record-derived.ts), batting orders and
 * pitching turns come from the lines as they stand.
 */
export function checkRecordForm(
  values: RecordFormValues,
  ctx: BoxScoreContext,
  rosters?: Record<Side, Roster>,
): RecordCheck {
  const errors: FormProblem[] = [];
  const fail = (path: string, message: string) => {
    // one message per cell: the first says what to fix there
    if (errors.some((e) => e.path === path && (!TEAM_LIST.test(path) || e.message === message)))
      return;
    errors.push({ path, message, cells: [path] });
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
  /** The player of a line: what its cell's text names on the side's roster, else the id it holds. */
  const playerOf = (side: Side, at: string, row: GridRow, who: '선수' | '투수'): number | null => {
    const text = String(row.player ?? '').trim();
    const match = text && rosters ? rosters[side].find(text) : null;
    if (match && 'playerId' in match) return match.playerId;
    if (match?.problem === 'many') {
      fail(`${at}.player`, '같은 이름의 선수가 여럿입니다. 등번호와 함께 적어 주세요.');
      return null;
    }
    if (match?.problem === 'none') {
      fail(`${at}.player`, `명단에 없는 선수입니다: '${text}'. 등번호나 이름을 확인해 주세요.`);
      return null;
    }
    const saved = id(row.playerId);
    if (saved === null)
      fail(`${at}.player`, `${josa(who, '을/를')} 적어 주세요. 등번호나 이름을 적으면 됩니다.`);
    return saved;
  };
  const forfeit = values.status === 'forfeit';
  const figures = derivedFigures(values);
  const rowsSent: RecordCheck['rowsSent'] = {
    away: { batting: [], pitching: [] },
    home: { batting: [], pitching: [] },
  };
  /** pitcher rows whose 상대 타자 the grid filled in */
  const filledBf = new Set<string>();
  let missing = 0;
  const sides = {} as Record<Side, BoxScoreValues['away']>;
  for (const side of ['away', 'home'] as const) {
    const team = values[side];
    const batting: BoxScoreValues['away']['batting'] = [];
    const pitching: BoxScoreValues['away']['pitching'] = [];
    if (!forfeit) {
      const sent = team.batting.flatMap((row, i) => (isBlankRow(row, 'batting') ? [] : [i]));
      const slots = battingSlots(sent.map((i) => Boolean(team.batting[i].sub)));
      if (sent.length > 0 && team.batting[sent[0]].sub)
        fail(
          `${side}.batting.${sent[0]}.sub`,
          '맨 윗줄 타자는 교체 선수일 수 없습니다. 교체 선수는 바꾼 타자의 바로 아랫줄에 적어 주세요.',
        );
      sent.forEach((i, n) => {
        const row = team.batting[i];
        const at = `${side}.batting.${i}`;
        rowsSent[side].batting.push(i);
        const playerId = playerOf(side, at, row, '선수');
        const line = {
          playerId: playerId ?? -++missing,
          ...slots[n],
          position: String(row.position ?? '').trim(),
        } as Record<string, unknown>;
        if ((line.position as string).length > 10)
          fail(`${at}.position`, '10자 이하로 적어 주세요.');
        for (const [k] of BATTING)
          line[k] =
            k === 'pa' && blank(row.pa) ? (figures[side].pa[i] ?? 0) : count(`${at}.${k}`, row[k]);
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
        const playerId = playerOf(side, at, row, '투수');
        const outs = outsFromInningsText(String(row.ip ?? ''));
        if (outs === null)
          fail(`${at}.ip`, '이닝은 6.2나 6⅔처럼, 아웃 수는 20아웃처럼 적어 주세요.');
        else if (outs > 90) fail(`${at}.ip`, '30이닝(90아웃) 이하로 적어 주세요.');
        const decisionText = String(row.decision ?? '').trim();
        const decision = decisionFromCell(decisionText);
        if (decisionText !== '' && decisionText !== '-' && decision === null)
          fail(
            `${at}.decision`,
            '결과는 승, 패, 세이브, 홀드 가운데 하나로 적거나 비워 두세요. W, L, S, H도 됩니다.',
          );
        const line = {
          playerId: playerId ?? -++missing,
          seq: pitching.length + 1,
          outs: outs ?? 0,
          decision,
        } as Record<string, unknown>;
        for (const [k] of PITCHING) line[k] = count(`${at}.${k}`, row[k]);
        if (blank(row.bf)) {
          line.bf = figures[side].bf[i] ?? 0;
          filledBf.add(at);
        }
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
    // The pitchers of record are the lines marked 승, 패, 세이브 (one of each; the checks name a second).
    winPitcherId: forfeit ? null : ofRecord(sides, 'W'),
    lossPitcherId: forfeit ? null : ofRecord(sides, 'L'),
    savePitcherId: forfeit ? null : ofRecord(sides, 'S'),
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
      fail(toGridPath(path, rowsSent), issue.message);
    }
  }
  const checked = validateBoxScore(record, ctx);
  for (const { path, message, field } of checked.errors) {
    const placed = placeProblem(path, message, field, rowsSent);
    if (errors.some((e) => e.path === placed.path && !TEAM_LIST.test(placed.path))) continue;
    if (errors.some((e) => e.path === placed.path && e.message === message)) continue;
    errors.push(placed);
  }
  const warnings: FormProblem[] = [];
  for (const { path, message, field } of checked.warnings) {
    // "more outs than batters faced" only means something when the scorer typed 상대 타자
    const line = /^(.*)\.outs$/.exec(path);
    if (line && filledBf.has(toGridPath(line[1], rowsSent))) continue;
    warnings.push(placeProblem(path, message, field, rowsSent));
  }
  return { input: errors.length ? null : record, errors, warnings, rowsSent };
}

/** The one pitcher whose line is marked with a decision, or null (none, or more than one). */
function ofRecord(
  sides: Record<Side, BoxScoreValues['away']>,
  decision: 'W' | 'L' | 'S',
): number | null {
  const marked = [...sides.away.pitching, ...sides.home.pitching].filter(
    (l) => l.decision === decision && l.playerId > 0,
  );
  return marked.length === 1 ? marked[0].playerId : null;
}

/** A path of the lines sent ('away.batting.2.h') as the grid row and cell it came from. */
export function toGridPath(path: string, rowsSent: RecordCheck['rowsSent']): string {
  const match = /^(away|home)\.(batting|pitching)\.(\d+)(?:\.(\w+))?$/.exec(path);
  if (!match) return path;
  const [, side, kind, index, field] = match;
  const row = rowsSent[side as Side][kind as Kind][Number(index)] ?? index;
  return `${side}.${kind}.${row}${field ? `.${gridField(kind as Kind, field)}` : ''}`;
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
    const row = values[side as Side][kind as Kind][Number(index)];
    const player = row?.playerId ? names.player(Number(row.playerId)) : undefined;
    const who = `${kind === 'batting' ? '타자' : '투수'} ${Number(index) + 1}행${player ? `(${player})` : ''}`;
    const column = field ? (COLUMN_NAMES[kind as Kind][field] ?? field) : '';
    return `${sideLabels[side as Side]} ${names.team(side as Side)} ${who}${column ? ` ${column}` : ''}`;
  }
  const team = TEAM_LIST.exec(path);
  if (team)
    return `${sideLabels[team[1] as Side]} ${names.team(team[1] as Side)} ${team[2] === 'batting' ? '타격' : '투구'}`;
  const inning = /^innings\.(away|home)(?:\.(\d+))?$/.exec(path);
  if (inning)
    return `${sideLabels[inning[1] as Side]} ${names.team(inning[1] as Side)} ${inning[2] ? `${Number(inning[2]) + 1}회 득점` : '이닝별 득점'}`;
  return TOP_FIELDS[path] ?? path;
}
