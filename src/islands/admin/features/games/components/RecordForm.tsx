import { useEffect, useMemo, useRef, useState } from 'react';
import type { ClipboardEvent, FocusEvent, KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import type { Control, UseFieldArrayReturn, UseFormRegister } from 'react-hook-form';
import { sideLabels } from '../../../../../lib/schemas/box-score.ts';
import type { BoxScoreValues, GameRecord, Side } from '../../../../../lib/schemas/box-score.ts';
import type { BoxScoreContext } from '../../../../../lib/schemas/validate-box-score.ts';
import { ApiCallError } from '../../../../../lib/api-client.ts';
import { describePlayer } from '../../../../../lib/describe-player.ts';
import type { IneligiblePlayer } from '../api/get-ineligible.ts';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { errorMessage } from '../../../lib/use-api-data.ts';
import { setLeaveGuard } from '../../../router/leave-guard.ts';
import { columnTotal, runsTotal } from './record-totals.ts';
import {
  decisionFromCell,
  inningsLabel,
  isBlock,
  outsFromInningsText,
  parseTsv,
  playerFromCell,
} from './record-grid.ts';
import {
  BATTING,
  BATTING_EVENTS,
  PITCHING,
  battingRowFromRecord,
  checkRecordForm,
  describePath,
  toGridPath,
} from './record-check.ts';
import type { GridRow, RecordCheck, RecordFormValues } from './record-check.ts';
import { clearDraft, readDraft, writeDraft } from './record-draft.ts';

export interface PlayerOption {
  playerId: number;
  name: string;
  backNumber: number | null;
  /** shown to staff beside the name, to tell two players of the same name apart */
  birthDate?: string | null;
}

export interface SideInfo {
  teamId: number;
  teamName: string;
  eligible: PlayerOption[];
  ineligible: IneligiblePlayer[];
}

interface Props {
  gameId: number;
  away: SideInfo;
  home: SideInfo;
  tiesAllowed: boolean;
  inningsPerGame: number;
  record: GameRecord;
  onSave: (values: BoxScoreValues) => Promise<void>;
}

type Kind = 'batting' | 'pitching';
/** The grid's columns left to right; a pasted block fills them in this order. */
const COLUMNS: Record<Kind, readonly string[]> = {
  batting: [
    'playerId',
    'position',
    ...BATTING.map(([k]) => k),
    ...BATTING_EVENTS.map(([k]) => k),
    'battingOrder',
    'seq',
  ],
  pitching: ['playerId', 'ip', ...PITCHING.map(([k]) => k), 'decision', 'seq'],
};
const BATTING_COLUMNS = BATTING.length + BATTING_EVENTS.length;
/** Lines a new record starts with, so a block can be pasted at once. */
const NEW_ROWS: Record<Kind, number> = { batting: 9, pitching: 2 };
const MAX_ROWS: Record<Kind, number> = { batting: 40, pitching: 20 };

const emptyRow = (kind: Kind, index: number): GridRow =>
  kind === 'batting'
    ? { playerId: undefined, position: '', battingOrder: index + 1, seq: 1 }
    : { playerId: undefined, ip: '', decision: null, seq: index + 1 };

const idOrUndefined = (v: unknown) => (v === '' || v == null ? undefined : Number(v));
const idOrNull = (v: unknown) => (v === '' || v == null ? null : Number(v));

function fromRecord(record: GameRecord, inningsPerGame: number): RecordFormValues {
  const has = record.hasRecord;
  const team = (side: Side) => ({
    batting: has
      ? record[side].batting.map(battingRowFromRecord)
      : Array.from({ length: NEW_ROWS.batting }, (_, i) => emptyRow('batting', i)),
    pitching: has
      ? record[side].pitching.map(({ outs, ...rest }) => ({ ...rest, ip: inningsLabel(outs) }))
      : Array.from({ length: NEW_ROWS.pitching }, (_, i) => emptyRow('pitching', i)),
  });
  return {
    status:
      record.status === 'forfeit'
        ? 'forfeit'
        : record.status === 'suspended'
          ? 'suspended'
          : 'final',
    innings: has
      ? { away: [...record.innings.away], home: [...record.innings.home] }
      : { away: Array(inningsPerGame).fill(null), home: Array(inningsPerGame).fill(null) },
    away: team('away'),
    home: team('home'),
    winPitcherId: record.winPitcherId,
    lossPitcherId: record.lossPitcherId,
    savePitcherId: record.savePitcherId,
    mvpPlayerId: record.mvpPlayerId,
    forfeitWinnerTeamId: record.forfeitWinnerTeamId,
    notes: record.notes,
  };
}

/** The id of a cell and of its message, from its field path. */
const cellId = (path: string) => `cell-${path.replaceAll('.', '-')}`;
const messageId = (path: string) => `problem-${path.replaceAll('.', '-')}`;

interface Problems {
  errors: Record<string, string>;
  warnings: Record<string, string>;
}

/** What a cell needs to show its problem: invalid state and the message tied to it. */
function cellProblem(problems: Problems | null, path: string) {
  const error = problems?.errors[path];
  const warning = problems?.warnings[path];
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error || warning ? messageId(path) : undefined,
    className: `cell${error ? ' cell-error' : warning ? ' cell-warning' : ''}`,
  };
}

function PlayerSelect({
  info,
  name,
  label,
  register,
  grid,
  problems,
  path,
}: {
  info: SideInfo;
  name: string;
  label: string;
  register: UseFormRegister<RecordFormValues>;
  grid: { g: string; r: number; c: number };
  problems: Problems | null;
  path: string;
}) {
  const problem = cellProblem(problems, path);
  return (
    <select
      id={cellId(path)}
      aria-label={label}
      aria-invalid={problem['aria-invalid']}
      aria-describedby={problem['aria-describedby']}
      data-grid={grid.g}
      data-r={grid.r}
      data-c={grid.c}
      {...register(name as never, { setValueAs: idOrUndefined })}
    >
      <option value="">선수 선택</option>
      {info.eligible.map((p) => (
        <option key={p.playerId} value={p.playerId}>
          {p.backNumber != null ? `${p.backNumber} ` : ''}
          {describePlayer({ name: p.name, teams: [info.teamName], birthDate: p.birthDate })}
        </option>
      ))}
      {info.ineligible.length ? (
        <optgroup label="출장할 수 없는 선수">
          {info.ineligible.map((p) => (
            <option key={p.playerId} value={p.playerId}>
              {p.name} — 출장 불가 ({p.reason})
            </option>
          ))}
        </optgroup>
      ) : null}
    </select>
  );
}

interface LineArrays {
  batting: UseFieldArrayReturn<RecordFormValues, `${Side}.batting`>;
  pitching: UseFieldArrayReturn<RecordFormValues, `${Side}.pitching`>;
}

function TeamLines({
  side,
  info,
  control,
  register,
  lines,
  problems,
  onRemove,
}: {
  side: Side;
  info: SideInfo;
  control: Control<RecordFormValues>;
  register: UseFormRegister<RecordFormValues>;
  lines: LineArrays;
  problems: Problems | null;
  onRemove: (kind: Kind, index: number) => void;
}) {
  const battingRows = useWatch({ control, name: `${side}.batting` });
  const pitchingRows = useWatch({ control, name: `${side}.pitching` });
  const sideName = `${sideLabels[side]}(${info.teamName})`;
  const outs = (pitchingRows ?? []).reduce(
    (total, row) => total + (outsFromInningsText(String(row.ip ?? '')) ?? 0),
    0,
  );
  const input = (path: string, label: string, g: string, r: number, c: number, numeric = true) => (
    <input
      id={cellId(path)}
      {...cellProblem(problems, path)}
      aria-label={label}
      inputMode={numeric ? 'numeric' : undefined}
      autoComplete="off"
      data-grid={g}
      data-r={r}
      data-c={c}
      {...register(path as never)}
    />
  );
  const teamProblem = (kind: Kind) => {
    const path = `${side}.${kind}`;
    const message = problems?.errors[path];
    return message ? (
      <p className="field-error" id={`${messageId(path)}-near`}>
        {message}
      </p>
    ) : null;
  };
  const rowClass = (kind: Kind, i: number) =>
    Object.keys(problems?.errors ?? {}).some((p) => p.startsWith(`${side}.${kind}.${i}.`))
      ? 'row-invalid'
      : undefined;
  return (
    <section className="team-lines" aria-labelledby={`${side}-lines`}>
      <h2 id={`${side}-lines`}>
        {sideLabels[side]} {info.teamName}
      </h2>
      {info.ineligible.length ? (
        <details
          className="ineligible"
          open={info.ineligible.some((p) => p.reason !== '리그 명단에 없음')}
        >
          <summary>출장할 수 없는 선수 ({info.ineligible.length}명)</summary>
          <ul>
            {info.ineligible.map((p) => (
              <li key={p.playerId}>
                {p.name}
                {p.backNumber != null ? ` (${p.backNumber})` : ''} — {p.reason}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <div className="table-scroll grid-scroll">
        <table className="stat-grid">
          <caption>{sideName} 타격</caption>
          <thead>
            <tr>
              <th scope="col">선수</th>
              <th scope="col">위치</th>
              {[...BATTING, ...BATTING_EVENTS].map(([k, l]) => (
                <th scope="col" key={k}>
                  {l}
                </th>
              ))}
              <th scope="col">타순</th>
              <th scope="col">순번</th>
              <th scope="col">
                <span className="sr-only">작업</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.batting.fields.map((f, i) => {
              const at = `${side}.batting.${i}`;
              const label = `${sideLabels[side]} 타자 ${i + 1}`;
              const g = `${side}-batting`;
              return (
                <tr key={f.id} className={rowClass('batting', i)}>
                  <th scope="row">
                    <PlayerSelect
                      info={info}
                      name={`${at}.playerId`}
                      label={`${label} 선수`}
                      register={register}
                      grid={{ g, r: i, c: 0 }}
                      problems={problems}
                      path={`${at}.playerId`}
                    />
                  </th>
                  <td>{input(`${at}.position`, `${label} 위치`, g, i, 1, false)}</td>
                  {BATTING.map(([k, l], c) => (
                    <td key={k}>{input(`${at}.${k}`, `${label} ${l}`, g, i, c + 2)}</td>
                  ))}
                  {BATTING_EVENTS.map(([k, l], c) => (
                    <td key={k}>
                      {input(`${at}.${k}`, `${label} ${l}`, g, i, BATTING.length + c + 2, false)}
                    </td>
                  ))}
                  <td>{input(`${at}.battingOrder`, `${label} 타순`, g, i, BATTING_COLUMNS + 2)}</td>
                  <td>{input(`${at}.seq`, `${label} 순번`, g, i, BATTING_COLUMNS + 3)}</td>
                  <td>
                    <button
                      type="button"
                      className="danger"
                      onClick={() => onRemove('batting', i)}
                      aria-label={`${label} 빼기`}
                    >
                      ×
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                합계
              </th>
              {BATTING.map(([k, l]) => (
                <td key={k} aria-label={`${sideLabels[side]} ${l} 합계`}>
                  {columnTotal(battingRows, k)}
                </td>
              ))}
              {BATTING_EVENTS.map(([k]) => (
                <td key={k} />
              ))}
              <td />
              <td />
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
      {teamProblem('batting')}
      <button
        type="button"
        onClick={() => lines.batting.append(emptyRow('batting', lines.batting.fields.length))}
        disabled={lines.batting.fields.length >= MAX_ROWS.batting}
      >
        {sideLabels[side]} 타자 추가
      </button>

      <div className="table-scroll grid-scroll">
        <table className="stat-grid">
          <caption>{sideName} 투구</caption>
          <thead>
            <tr>
              <th scope="col">투수</th>
              <th scope="col">이닝</th>
              {PITCHING.map(([k, l]) => (
                <th scope="col" key={k}>
                  {l}
                </th>
              ))}
              <th scope="col">결과</th>
              <th scope="col">순서</th>
              <th scope="col">
                <span className="sr-only">작업</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.pitching.fields.map((f, i) => {
              const at = `${side}.pitching.${i}`;
              const label = `${sideLabels[side]} 투수 ${i + 1}`;
              const g = `${side}-pitching`;
              const decision = cellProblem(problems, `${at}.decision`);
              return (
                <tr key={f.id} className={rowClass('pitching', i)}>
                  <th scope="row">
                    <PlayerSelect
                      info={info}
                      name={`${at}.playerId`}
                      label={`${label} 선수`}
                      register={register}
                      grid={{ g, r: i, c: 0 }}
                      problems={problems}
                      path={`${at}.playerId`}
                    />
                  </th>
                  <td>{input(`${at}.ip`, `${label} 이닝`, g, i, 1, false)}</td>
                  {PITCHING.map(([k, l], c) => (
                    <td key={k}>{input(`${at}.${k}`, `${label} ${l}`, g, i, c + 2)}</td>
                  ))}
                  <td>
                    <select
                      id={cellId(`${at}.decision`)}
                      aria-label={`${label} 결과`}
                      aria-invalid={decision['aria-invalid']}
                      aria-describedby={decision['aria-describedby']}
                      data-grid={g}
                      data-r={i}
                      data-c={PITCHING.length + 2}
                      {...register(`${at}.decision` as never, { setValueAs: (v) => v || null })}
                    >
                      <option value="">—</option>
                      <option value="W">승</option>
                      <option value="L">패</option>
                      <option value="S">세이브</option>
                      <option value="H">홀드</option>
                    </select>
                  </td>
                  <td>{input(`${at}.seq`, `${label} 등판 순서`, g, i, PITCHING.length + 3)}</td>
                  <td>
                    <button
                      type="button"
                      className="danger"
                      onClick={() => onRemove('pitching', i)}
                      aria-label={`${label} 빼기`}
                    >
                      ×
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2} aria-label={`${sideLabels[side]} 투수 이닝 합계`}>
                합계 {inningsLabel(outs)}이닝
              </th>
              {PITCHING.map(([k, l]) => (
                <td key={k} aria-label={`${sideLabels[side]} 투수 ${l} 합계`}>
                  {columnTotal(pitchingRows, k)}
                </td>
              ))}
              <td />
              <td />
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
      {teamProblem('pitching')}
      <button
        type="button"
        onClick={() => lines.pitching.append(emptyRow('pitching', lines.pitching.fields.length))}
        disabled={lines.pitching.fields.length >= MAX_ROWS.pitching}
      >
        {sideLabels[side]} 투수 추가
      </button>
    </section>
  );
}

/** Moves focus to another cell of the same grid, if there is one. */
function focusCell(form: HTMLFormElement | null, g: string, r: number, c: number): boolean {
  const next = form?.querySelector<HTMLElement>(`[data-grid="${g}"][data-r="${r}"][data-c="${c}"]`);
  if (!next) return false;
  next.focus();
  return true;
}

/** Keys that move like a spreadsheet: Enter down (Shift+Enter up), arrows between cells. */
function onGridKey(event: KeyboardEvent<HTMLFormElement>) {
  const target = event.target as HTMLElement;
  const g = target.dataset?.grid;
  if (!g || event.altKey || event.ctrlKey || event.metaKey) return;
  const r = Number(target.dataset.r);
  const c = Number(target.dataset.c);
  const form = event.currentTarget;
  const isInput = target instanceof HTMLInputElement;
  const atStart = !isInput || (target.selectionStart === 0 && target.selectionEnd === 0);
  const atEnd =
    !isInput ||
    target.selectionEnd === target.value.length ||
    (target.selectionStart === 0 && target.selectionEnd === target.value.length);
  const whole =
    isInput && target.selectionStart === 0 && target.selectionEnd === target.value.length;
  let moved = false;
  if (event.key === 'Enter') {
    event.preventDefault();
    moved = focusCell(form, g, event.shiftKey ? r - 1 : r + 1, c);
  } else if (event.key === 'ArrowDown' && isInput) moved = focusCell(form, g, r + 1, c);
  else if (event.key === 'ArrowUp' && isInput) moved = focusCell(form, g, r - 1, c);
  else if (event.key === 'ArrowRight' && (atEnd || whole)) moved = focusCell(form, g, r, c + 1);
  else if (event.key === 'ArrowLeft' && (atStart || whole)) moved = focusCell(form, g, r, c - 1);
  if (moved) event.preventDefault();
}

/** The box-score entry grid: spreadsheet keys and paste, every problem at once, a draft kept per game. */
export function RecordForm({
  gameId,
  away,
  home,
  tiesAllowed,
  inningsPerGame,
  record,
  onSave,
}: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLHeadingElement>(null);
  const savedRef = useRef<HTMLParagraphElement>(null);
  const mouseFocus = useRef<HTMLElement | null>(null);
  /** true while the form is reset to saved values, which is no change to keep as a draft */
  const resetting = useRef(false);
  const [initial] = useState(() => {
    const draft = readDraft(gameId);
    return { draft, values: draft?.values ?? fromRecord(record, inningsPerGame) };
  });
  const [restored, setRestored] = useState(initial.draft?.savedAt ?? null);
  const [unsaved, setUnsaved] = useState(initial.draft !== null);
  const [saved, setSaved] = useState<string | null>(null);
  const [apiError, setApiError] = useState<string | null>(null);
  const [problems, setProblems] = useState<Problems | null>(null);
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [removed, setRemoved] = useState<{
    side: Side;
    kind: Kind;
    index: number;
    row: GridRow;
    label: string;
  } | null>(null);
  const [saving, setSaving] = useState(false);

  const context: BoxScoreContext = useMemo(() => {
    const reasons = {
      away: new Map(away.ineligible.map((p) => [p.playerId, p.reason])),
      home: new Map(home.ineligible.map((p) => [p.playerId, p.reason])),
    };
    return {
      homeTeamId: home.teamId,
      awayTeamId: away.teamId,
      tiesAllowed,
      inningsPerGame,
      ineligibleReason: (side, playerId) => reasons[side].get(playerId) ?? null,
    };
  }, [away, home, tiesAllowed, inningsPerGame]);

  const { control, register, getValues, setValue, reset, watch } = useForm<RecordFormValues>({
    defaultValues: initial.values,
  });
  const lines: Record<Side, LineArrays> = {
    away: {
      batting: useFieldArray({ control, name: 'away.batting' }),
      pitching: useFieldArray({ control, name: 'away.pitching' }),
    },
    home: {
      batting: useFieldArray({ control, name: 'home.batting' }),
      pitching: useFieldArray({ control, name: 'home.pitching' }),
    },
  };
  const values = useWatch({ control }) as RecordFormValues;
  const inningCount = Math.max(
    values.innings?.away?.length ?? 0,
    values.innings?.home?.length ?? 0,
  );
  // the innings by number (1, 2, …): each names its column
  const innings = Array.from({ length: inningCount }, (_, i) => i + 1);
  const status = values.status;

  // Every change is kept in this browser until the record is saved.
  useEffect(() => {
    const subscription = watch(() => {
      if (resetting.current) return;
      writeDraft(gameId, getValues());
      setUnsaved(true);
    });
    return () => subscription.unsubscribe();
  }, [watch, getValues, gameId]);

  useEffect(() => {
    if (!unsaved) return;
    const question =
      '저장하지 않은 경기 기록이 있습니다. 이 화면을 떠날까요? (입력한 내용은 이 브라우저에 임시로 남습니다)';
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = question;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    const undo = setLeaveGuard(() => question);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      undo();
    };
  }, [unsaved]);

  const names = new Map<number, string>(
    [...away.eligible, ...home.eligible, ...away.ineligible, ...home.ineligible].map((p) => [
      p.playerId,
      p.name,
    ]),
  );
  const teamName = (side: Side) => (side === 'away' ? away.teamName : home.teamName);
  // The pitcher and MVP lists hold both teams: each name with its team and birth year.
  const choiceLabels = new Map<number, string>(
    [away, home].flatMap((info) =>
      info.eligible.map(
        (p) =>
          [
            p.playerId,
            describePlayer({ name: p.name, teams: [info.teamName], birthDate: p.birthDate }),
          ] as const,
      ),
    ),
  );

  const resize = (n: number) => {
    const current = getValues('innings');
    const toInnings = (list: RecordFormValues['innings']['away']) => [
      ...list.slice(0, n),
      ...Array(Math.max(0, n - list.length)).fill(null),
    ];
    setValue(
      'innings',
      { away: toInnings(current.away), home: toInnings(current.home) },
      { shouldDirty: true },
    );
  };

  const removeLine = (side: Side, kind: Kind, index: number) => {
    const row = getValues(`${side}.${kind}.${index}`);
    const player = row?.playerId ? names.get(Number(row.playerId)) : undefined;
    const label = `${sideLabels[side]} ${kind === 'batting' ? '타자' : '투수'} ${index + 1}${player ? `(${player})` : ''}`;
    lines[side][kind].remove(index);
    setRemoved({ side, kind, index, row: structuredClone(row), label });
    setProblems(null);
  };

  const paste = (event: ClipboardEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    const g = target.dataset?.grid;
    if (!g) return;
    const cells = parseTsv(event.clipboardData.getData('text/plain'));
    if (!isBlock(cells)) return;
    event.preventDefault();
    const r0 = Number(target.dataset.r);
    const c0 = Number(target.dataset.c);
    const unmatched: string[] = [];
    if (g === 'line') {
      const innings = structuredClone(getValues('innings'));
      const sides = ['away', 'home'] as const;
      cells.forEach((row, i) => {
        const side = sides[r0 + i];
        if (!side) return;
        row.forEach((text, j) => {
          const at = c0 + j;
          if (at >= 30) return;
          while (innings.away.length <= at) innings.away.push(null);
          while (innings.home.length <= at) innings.home.push(null);
          innings[side][at] =
            text === '' || text === '-' || text === 'X' || text === 'x' ? null : text;
        });
      });
      setValue('innings', innings, { shouldDirty: true });
    } else {
      const [side, kind] = g.split('-') as [Side, Kind];
      const rows = structuredClone(getValues(`${side}.${kind}`)) as GridRow[];
      const columns = COLUMNS[kind];
      cells.forEach((row, i) => {
        const r = r0 + i;
        if (r >= MAX_ROWS[kind]) return;
        while (rows.length <= r) rows.push(emptyRow(kind, rows.length));
        row.forEach((text, j) => {
          const key = columns[c0 + j];
          if (!key) return;
          if (key === 'playerId') {
            // Players who may play come first: a back number also worn by someone off the
            // league roster means the rostered player.
            const info = side === 'away' ? away : home;
            const id = playerFromCell(text, info.eligible) ?? playerFromCell(text, info.ineligible);
            if (id === null && text !== '') unmatched.push(`${r + 1}행 '${text}'`);
            rows[r].playerId = id ?? undefined;
          } else if (key === 'decision') rows[r].decision = decisionFromCell(text);
          else rows[r][key] = text === '-' ? '' : text;
        });
      });
      lines[side][kind].replace(rows as never);
    }
    const width = Math.max(...cells.map((r) => r.length));
    setNote(
      `${cells.length}행 ${width}칸을 붙여 넣었습니다.` +
        (unmatched.length
          ? ` 명단에서 찾지 못한 선수: ${unmatched.join(', ')} — 직접 골라 주세요.`
          : ''),
    );
    requestAnimationFrame(() => focusCell(formRef.current, g, r0, c0));
  };

  // A number cell chosen with the mouse or the keyboard has its content selected, so typing
  // replaces it (a "0" and a typed "1" make 1, not 10).
  const onFocus = (event: FocusEvent<HTMLFormElement>) => {
    const target = event.target;
    if (target instanceof HTMLInputElement && target.classList.contains('cell')) target.select();
  };
  const onMouseDown = (event: MouseEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    mouseFocus.current =
      target instanceof HTMLInputElement && target !== document.activeElement ? target : null;
  };
  const onMouseUp = (event: MouseEvent<HTMLFormElement>) => {
    if (mouseFocus.current && event.target === mouseFocus.current) {
      event.preventDefault();
      (event.target as HTMLInputElement).select();
    }
    mouseFocus.current = null;
  };

  const focusSummary = () => requestAnimationFrame(() => summaryRef.current?.focus());

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaved(null);
    setApiError(null);
    const current = getValues();
    const check: RecordCheck = checkRecordForm(current, context);
    const warningsKey = JSON.stringify(check.warnings);
    if (!check.input) {
      setProblems({ errors: check.errors, warnings: check.warnings });
      focusSummary();
      return;
    }
    if (Object.keys(check.warnings).length > 0 && confirmed !== warningsKey) {
      setProblems({ errors: {}, warnings: check.warnings });
      setConfirmed(warningsKey);
      focusSummary();
      return;
    }
    setSaving(true);
    try {
      await onSave(check.input);
      clearDraft(gameId);
      setProblems(null);
      setRemoved(null);
      setRestored(null);
      setUnsaved(false);
      resetting.current = true;
      reset(current);
      resetting.current = false;
      setSaved('경기 기록을 저장했습니다.');
      requestAnimationFrame(() => savedRef.current?.focus());
    } catch (error) {
      const fromServer = error instanceof ApiCallError ? error.errors : {};
      const placed = Object.fromEntries(
        Object.entries(fromServer).map(([path, message]) => [
          toGridPath(path, check.rowsSent),
          message,
        ]),
      );
      if (Object.keys(placed).length) {
        setProblems({ errors: placed, warnings: {} });
        focusSummary();
      } else setApiError(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const pitchers = (side: Side) =>
    (values[side]?.pitching ?? []).map((l) => Number(l.playerId)).filter(Boolean);
  const pitcherOptions = [...pitchers('away'), ...pitchers('home')];
  const playerOptions = [
    ...new Set(
      (['away', 'home'] as const).flatMap((s) =>
        [...(values[s]?.batting ?? []), ...(values[s]?.pitching ?? [])]
          .map((l) => Number(l.playerId))
          .filter(Boolean),
      ),
    ),
  ];
  const errorList = Object.entries(problems?.errors ?? {});
  const warningList = Object.entries(problems?.warnings ?? {});
  const item = ([path, message]: [string, string]): ReactNode => (
    <li key={path} id={messageId(path)}>
      <a
        href={`#${cellId(path)}`}
        onClick={(e) => {
          const cell = document.getElementById(cellId(path));
          if (cell) {
            e.preventDefault();
            cell.focus();
          }
        }}
      >
        {describePath(path, getValues(), { team: teamName, player: (id) => names.get(id) })}
      </a>
      : {message}
    </li>
  );

  return (
    <form
      ref={formRef}
      className="record-form"
      onSubmit={submit}
      onKeyDown={onGridKey}
      onPaste={paste}
      onFocus={onFocus}
      onMouseDown={onMouseDown}
      onMouseUp={onMouseUp}
      noValidate
    >
      {errorList.length || warningList.length ? (
        <div className={errorList.length ? 'error-summary' : 'warning-summary'} role="alert">
          <h2 ref={summaryRef} tabIndex={-1}>
            {errorList.length
              ? `저장하지 않았습니다. ${errorList.length}곳을 고쳐 주세요.`
              : '저장하기 전에 확인해 주세요. 맞으면 다시 저장을 누르세요.'}
          </h2>
          {errorList.length ? <ul>{errorList.map(item)}</ul> : null}
          {warningList.length ? (
            <>
              {errorList.length ? <h3>확인할 기록</h3> : null}
              <ul className="warnings">{warningList.map(item)}</ul>
            </>
          ) : null}
        </div>
      ) : null}
      {restored ? (
        <div className="status status-info" role="status">
          저장하지 않은 입력({new Date(restored).toLocaleString('ko-KR')})을 이 브라우저에서
          되살렸습니다.{' '}
          <button
            type="button"
            onClick={() => {
              clearDraft(gameId);
              resetting.current = true;
              reset(fromRecord(record, inningsPerGame));
              resetting.current = false;
              setRestored(null);
              setUnsaved(false);
              setProblems(null);
            }}
          >
            되살린 입력 버리기
          </button>
        </div>
      ) : null}
      {saved ? (
        <p className="status status-success" role="status" tabIndex={-1} ref={savedRef}>
          {saved}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor="record-status">경기 결과</label>
        <select id="record-status" {...register('status')}>
          <option value="final">종료</option>
          <option value="suspended">서스펜디드(일시 정지)</option>
          <option value="forfeit">몰수</option>
        </select>
      </div>
      {status === 'forfeit' ? (
        <div className="field">
          <label htmlFor={cellId('forfeitWinnerTeamId')}>몰수승 팀</label>
          <select
            id={cellId('forfeitWinnerTeamId')}
            aria-invalid={problems?.errors.forfeitWinnerTeamId ? true : undefined}
            aria-describedby={
              problems?.errors.forfeitWinnerTeamId ? messageId('forfeitWinnerTeamId') : undefined
            }
            {...register('forfeitWinnerTeamId', { setValueAs: idOrNull })}
          >
            <option value="">선택</option>
            <option value={away.teamId}>{away.teamName}</option>
            <option value={home.teamId}>{home.teamName}</option>
          </select>
          <p className="hint">몰수 경기는 7:0으로 기록되고 개인 기록은 남기지 않습니다.</p>
        </div>
      ) : (
        <>
          <p className="hint grid-hint">
            엑셀이나 구글 시트에서 복사한 칸을 선수 칸이나 숫자 칸에 붙여 넣으면 한꺼번에 채워집니다
            (선수 칸에는 등번호나 이름). Enter는 아래 칸, 화살표는 옆 칸으로 옮깁니다. 이닝은 6.2,
            6⅔ 또는 20아웃처럼 적습니다.
          </p>
          {note ? <StatusMessage>{note}</StatusMessage> : null}
          {removed ? (
            <div className="status status-info" role="status">
              {removed.label} 줄을 뺐습니다.{' '}
              <button
                type="button"
                onClick={() => {
                  lines[removed.side][removed.kind].insert(removed.index, removed.row as never);
                  setRemoved(null);
                }}
              >
                되돌리기
              </button>
            </div>
          ) : null}
          <section aria-labelledby="line-score">
            <h2 id="line-score">이닝별 득점</h2>
            <div className="table-scroll grid-scroll">
              <table className="line-score">
                <caption>이닝별 득점 (홈 팀이 마지막 말 공격을 하지 않았으면 비워 두세요)</caption>
                <thead>
                  <tr>
                    <th scope="col">팀</th>
                    {innings.map((inning) => (
                      <th scope="col" key={inning}>
                        {inning}
                      </th>
                    ))}
                    <th scope="col">R</th>
                    <th scope="col">H</th>
                    <th scope="col">E</th>
                  </tr>
                </thead>
                <tbody>
                  {(['away', 'home'] as const).map((side, r) => {
                    const info = side === 'away' ? away : home;
                    return (
                      <tr key={side}>
                        <th scope="row">{info.teamName}</th>
                        {innings.map((inning) => {
                          const i = inning - 1;
                          const path = `innings.${side}.${i}`;
                          return (
                            <td key={inning}>
                              <input
                                id={cellId(path)}
                                {...cellProblem(problems, path)}
                                inputMode="numeric"
                                autoComplete="off"
                                aria-label={`${sideLabels[side]} ${inning}회 득점`}
                                data-grid="line"
                                data-r={r}
                                data-c={i}
                                {...register(path as never)}
                              />
                            </td>
                          );
                        })}
                        <td aria-label={`${info.teamName} 득점`}>
                          {runsTotal(values.innings?.[side])}
                        </td>
                        <td aria-label={`${info.teamName} 안타`}>
                          {columnTotal(values[side]?.batting, 'h')}
                        </td>
                        <td aria-label={`${info.teamName} 실책`}>
                          {columnTotal(values[side]?.batting, 'e')}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <div className="form-actions">
              <button type="button" onClick={() => resize(inningCount + 1)}>
                이닝 추가
              </button>
              <button
                type="button"
                onClick={() => resize(Math.max(1, inningCount - 1))}
                disabled={inningCount <= 1}
              >
                이닝 빼기
              </button>
            </div>
          </section>
          {(['away', 'home'] as const).map((side) => (
            <TeamLines
              key={side}
              side={side}
              info={side === 'away' ? away : home}
              control={control}
              register={register}
              lines={lines[side]}
              problems={problems}
              onRemove={(kind, index) => removeLine(side, kind, index)}
            />
          ))}
          <section aria-labelledby="of-record">
            <h2 id="of-record">승리·패전·세이브 투수와 MVP</h2>
            <div className="form-grid">
              {(
                [
                  ['winPitcherId', '승리 투수', pitcherOptions],
                  ['lossPitcherId', '패전 투수', pitcherOptions],
                  ['savePitcherId', '세이브 투수', pitcherOptions],
                  ['mvpPlayerId', 'MVP', playerOptions],
                ] as const
              ).map(([name, text, options]) => (
                <div className="field" key={name}>
                  <label htmlFor={cellId(name)}>{text}</label>
                  <select
                    id={cellId(name)}
                    aria-invalid={problems?.errors[name] ? true : undefined}
                    aria-describedby={problems?.errors[name] ? messageId(name) : undefined}
                    {...register(name, { setValueAs: idOrNull })}
                  >
                    <option value="">없음</option>
                    {options.map((id) => (
                      <option key={id} value={id}>
                        {choiceLabels.get(id) ?? names.get(id) ?? `#${id}`}
                      </option>
                    ))}
                  </select>
                </div>
              ))}
            </div>
          </section>
        </>
      )}
      <div className="field">
        <label htmlFor={cellId('notes')}>비고</label>
        <textarea id={cellId('notes')} rows={2} {...register('notes')} />
      </div>
      {apiError ? <StatusMessage kind="error">{apiError}</StatusMessage> : null}
      <div className="form-actions">
        <button type="submit" className="primary" disabled={saving}>
          {saving ? '저장 중…' : '기록 저장'}
        </button>
      </div>
    </form>
  );
}
