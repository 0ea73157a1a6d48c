import { useEffect, useMemo, useRef, useState } from 'react';
import type { ClipboardEvent, FocusEvent, MouseEvent, ReactNode } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { sideLabels } from '../../../../../lib/schemas/box-score.ts';
import type { BoxScoreValues, GameRecord, Side } from '../../../../../lib/schemas/box-score.ts';
import type { BoxScoreContext } from '../../../../../lib/schemas/validate-box-score.ts';
import { ApiCallError } from '../../../../../lib/api-client.ts';
import { describePlayer } from '../../../../../lib/describe-player.ts';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { errorMessage } from '../../../lib/use-api-data.ts';
import { setLeaveGuard } from '../../../router/leave-guard.ts';
import { columnTotal, runsTotal } from './record-totals.ts';
import { DECISION_WORDS, decisionFromCell, isBlock, parseTsv } from './record-grid.ts';
import { COLUMN_NAMES, checkRecordForm, describePath, placeProblem } from './record-check.ts';
import type { FormProblem } from './record-check.ts';
import { derivedFigures } from './record-derived.ts';
import { clearDraft, readDraft, writeDraft } from './record-draft.ts';
import { focusCell, onGridKey } from './record-keys.ts';
import { cellId, problemId, problemsByCell } from './record-problems.ts';
import type { ShownProblems } from './record-problems.ts';
import { applyPaste, planPaste } from './record-paste.ts';
import type { PastePlan } from './record-paste.ts';
import { makeRoster } from './record-players.ts';
import { fromDraftValues, fromRecord } from './record-values.ts';
import type { GridRow, Kind, PlayerLabel, RecordFormValues } from './record-values.ts';
import { PastePreview } from './PastePreview.tsx';
import { COLUMNS, MAX_ROWS, TeamLines, cellProblemOf } from './RecordTeamLines.tsx';
import type { LineArrays, SideInfo } from './RecordTeamLines.tsx';

export type { PlayerOption, SideInfo } from './RecordTeamLines.tsx';

interface Props {
  gameId: number;
  away: SideInfo;
  home: SideInfo;
  tiesAllowed: boolean;
  inningsPerGame: number;
  record: GameRecord;
  onSave: (values: BoxScoreValues) => Promise<void>;
}

const idOrNull = (v: unknown) => (v === '' || v == null ? null : Number(v));
const kindWords: Record<Kind, string> = { batting: '타격', pitching: '투구' };

/** A paste read and waiting for the scorer to look at it, and the cell it was pasted into. */
interface PendingPaste {
  side: Side;
  kind: Kind;
  plan: PastePlan;
  cell: { g: string; r: number; c: number };
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
  const rosters = useMemo(
    () => ({
      away: makeRoster(away.eligible, away.ineligible),
      home: makeRoster(home.eligible, home.ineligible),
    }),
    [away, home],
  );
  const labelOf: PlayerLabel = (side, id) => rosters[side].label(id);
  const [initial] = useState(() => {
    const draft = readDraft(gameId);
    return {
      draft,
      values: draft
        ? fromDraftValues(draft.values, labelOf)
        : fromRecord(record, inningsPerGame, labelOf),
    };
  });
  const [restored, setRestored] = useState(initial.draft?.savedAt ?? null);
  const [unsaved, setUnsaved] = useState(initial.draft !== null);
  const [saved, setSaved] = useState<string | null>(null);
  const [apiError, setApiError] = useState<string | null>(null);
  const [problems, setProblems] = useState<ShownProblems | null>(null);
  const [confirmed, setConfirmed] = useState<string | null>(null);
  /** what the last paste did, said beside the table it went into ('line', 'away.batting' …) */
  const [note, setNote] = useState<{ at: string; text: string } | null>(null);
  const [pending, setPending] = useState<PendingPaste | null>(null);
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
  const figures = derivedFigures(values);
  const inningCount = Math.max(
    values.innings?.away?.length ?? 0,
    values.innings?.home?.length ?? 0,
  );
  const innings = Array.from({ length: inningCount }, (_, i) => i + 1);
  const status = values.status;
  const byCell = useMemo(() => problemsByCell(problems), [problems]);
  const cellProblem = cellProblemOf(byCell);

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
      const width = Math.max(...cells.map((r) => r.length));
      setNote({
        at: 'line',
        text: `이닝별 득점 ${Math.min(cells.length, 2 - r0)}줄 ${width}칸을 붙여 넣었습니다.`,
      });
      requestAnimationFrame(() => focusCell(formRef.current, g, r0, c0));
      return;
    }
    // A block for a team's lines is read first and shown beside the table; nothing changes yet.
    const [side, kind] = g.split('-') as [Side, Kind];
    const plan = planPaste({
      kind,
      cells,
      gridColumns: COLUMNS[kind],
      row: r0,
      column: c0,
      maxRows: MAX_ROWS[kind],
      roster: rosters[side],
    });
    setNote(null);
    setPending({ side, kind, plan, cell: { g, r: r0, c: c0 } });
  };

  const applyPending = () => {
    if (!pending) return;
    const { side, kind, plan, cell } = pending;
    const rows = applyPaste(getValues(`${side}.${kind}`) as GridRow[], plan, rosters[side]);
    lines[side][kind].replace(rows as never);
    const placed = plan.rows.filter((r) => r.target !== null);
    const unmatched = placed
      .filter((r) => r.match && !('playerId' in r.match))
      .map((r) => `${(r.target ?? 0) + 1}행 '${r.player}'`);
    const left = plan.columns.filter((c) => c.key === null).map((c) => c.from);
    const where = `${sideLabels[side]} ${kindWords[kind]}`;
    setNote({
      at: `${side}.${kind}`,
      text:
        `${where}에 ${placed.length}줄을 붙여 넣었습니다.` +
        (plan.header ? ' 제목 줄은 넣지 않았습니다.' : '') +
        (left.length ? ` 넣지 않은 열: ${left.join(', ')}.` : '') +
        (unmatched.length
          ? ` 명단에 없는 선수: ${unmatched.join(', ')} — 선수 칸에 등번호나 이름을 적어 주세요.`
          : ''),
    });
    setPending(null);
    const first = placed[0]?.target ?? cell.r;
    const column = plan.header ? 0 : cell.c;
    // The first cell filled takes the focus; the report just above the table stays in view with it.
    requestAnimationFrame(() => {
      focusCell(formRef.current, cell.g, first, column);
      document.getElementById(`note-${side}-${kind}`)?.scrollIntoView({ block: 'nearest' });
    });
  };

  const cancelPending = () => {
    if (!pending) return;
    const { cell } = pending;
    setPending(null);
    requestAnimationFrame(() => focusCell(formRef.current, cell.g, cell.r, cell.c));
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
    const check = checkRecordForm(current, context, rosters);
    const warningsKey = JSON.stringify(check.warnings);
    if (!check.input) {
      setProblems({ errors: check.errors, warnings: check.warnings });
      focusSummary();
      return;
    }
    if (check.warnings.length > 0 && confirmed !== warningsKey) {
      setProblems({ errors: [], warnings: check.warnings });
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
      const placed = Object.entries(fromServer).map(([path, message]) =>
        placeProblem(path, message, null, check.rowsSent),
      );
      if (placed.length) {
        setProblems({ errors: placed, warnings: [] });
        focusSummary();
      } else setApiError(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const pitchers = (side: Side) =>
    (values[side]?.pitching ?? []).map((l) => Number(l.playerId)).filter(Boolean);
  const pitcherOptions = [...pitchers('away'), ...pitchers('home')];
  const decisionOf = (row: GridRow) => decisionFromCell(String(row.decision ?? ''));
  /** The pitcher whose line is marked with a decision: the boxes show the lines' own marks. */
  const pitcherOfRecord = (code: 'W' | 'L' | 'S'): number | null => {
    for (const side of ['away', 'home'] as const)
      for (const row of values[side]?.pitching ?? [])
        if (decisionOf(row) === code && Number(row.playerId)) return Number(row.playerId);
    return null;
  };
  /** A box chosen marks that pitcher's line and takes the mark off any other. */
  const choosePitcherOfRecord = (code: 'W' | 'L' | 'S', playerId: number | null) => {
    for (const side of ['away', 'home'] as const)
      (getValues(`${side}.pitching`) as GridRow[]).forEach((row, i) => {
        const his = playerId !== null && Number(row.playerId) === playerId;
        const marked = decisionOf(row) === code;
        const path = `${side}.pitching.${i}.decision` as const;
        if (his && !marked) setValue(path, DECISION_WORDS[code], { shouldDirty: true });
        else if (!his && marked) setValue(path, '', { shouldDirty: true });
      });
  };
  const playerOptions = [
    ...new Set(
      (['away', 'home'] as const).flatMap((s) =>
        [...(values[s]?.batting ?? []), ...(values[s]?.pitching ?? [])]
          .map((l) => Number(l.playerId))
          .filter(Boolean),
      ),
    ),
  ];
  const errors = problems?.errors ?? [];
  const warnings = problems?.warnings ?? [];
  const where = (path: string) =>
    describePath(path, getValues(), { team: teamName, player: (id) => names.get(id) });
  /** A link that takes the focus to the first cell a problem concerns. */
  const toCell = (p: FormProblem, children: ReactNode) => (
    <a
      href={`#${cellId(p.cells[0])}`}
      onClick={(e) => {
        const cell = document.getElementById(cellId(p.cells[0]));
        if (cell) {
          e.preventDefault();
          cell.focus();
        }
      }}
    >
      {children}
    </a>
  );
  const item = (kind: 'error' | 'warning') => (p: FormProblem, i: number) => (
    <li key={`${p.path}-${i}`} id={problemId(kind, i)}>
      {toCell(p, where(p.path))}: {p.message}
    </li>
  );
  /** What is said beside a table: a paste to look at, what a paste did, problems of the whole list. */
  const near = (side: Side): Record<Kind, ReactNode> => {
    const of = (kind: Kind) => {
      const at = `${side}.${kind}`;
      const list = errors.filter((p) => p.path === at);
      return (
        <>
          {pending && pending.side === side && pending.kind === kind ? (
            <PastePreview
              plan={pending.plan}
              where={`${sideLabels[side]} ${kindWords[kind]}`}
              labels={COLUMN_NAMES[kind]}
              roster={rosters[side]}
              onApply={applyPending}
              onCancel={cancelPending}
            />
          ) : null}
          {note?.at === at ? (
            <div id={`note-${side}-${kind}`}>
              <StatusMessage>{note.text}</StatusMessage>
            </div>
          ) : null}
          {list.length ? (
            <ul className="field-error near-table">
              {list.map((p, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the messages are made anew by each check, in the order of the cells
                <li key={i}>{toCell(p, p.message)}</li>
              ))}
            </ul>
          ) : null}
        </>
      );
    };
    return { batting: of('batting'), pitching: of('pitching') };
  };

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
      {errors.length || warnings.length ? (
        <div className={errors.length ? 'error-summary' : 'warning-summary'} role="alert">
          <h2 ref={summaryRef} tabIndex={-1}>
            {errors.length
              ? `저장하지 않았습니다. ${errors.length}곳을 고쳐 주세요.`
              : '저장하기 전에 확인해 주세요. 맞으면 다시 저장을 누르세요.'}
          </h2>
          {errors.length ? <ul>{errors.map(item('error'))}</ul> : null}
          {warnings.length ? (
            <>
              {errors.length ? <h3>확인할 기록</h3> : null}
              <ul className="warnings">{warnings.map(item('warning'))}</ul>
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
              reset(fromRecord(record, inningsPerGame, labelOf));
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
            aria-invalid={cellProblem('forfeitWinnerTeamId')['aria-invalid']}
            aria-describedby={cellProblem('forfeitWinnerTeamId')['aria-describedby']}
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
            선수 칸에는 등번호나 이름을 적습니다. 엑셀이나 구글 시트에서 복사한 칸을 붙여 넣으면
            제목 줄(이름·타수·득점…, AB·R·H…)을 읽어 맞는 칸에 넣고, 넣기 전에 어디에 들어갈지 보여
            줍니다. Enter는 아래 칸, 화살표는 옆 칸으로 옮깁니다. 이닝은 6.2, 6⅔ 또는 20아웃처럼
            적습니다. 빈 칸은 0이고, 타석과 상대타자는 비워 두면 흐린 숫자대로 채워집니다.
          </p>
          <datalist id="decision-words">
            {Object.values(DECISION_WORDS).map((word) => (
              <option key={word} value={word} />
            ))}
          </datalist>
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
              <table className="line-score" id={cellId('innings')} tabIndex={-1}>
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
                        <th scope="row" id={cellId(`innings.${side}`)} tabIndex={-1}>
                          {info.teamName}
                        </th>
                        {innings.map((inning) => {
                          const i = inning - 1;
                          const path = `innings.${side}.${i}`;
                          return (
                            <td key={inning}>
                              <input
                                id={cellId(path)}
                                {...cellProblem(path)}
                                inputMode="numeric"
                                autoComplete="off"
                                aria-label={`${sideLabels[side]} ${i + 1}회 득점`}
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
            {note?.at === 'line' ? <StatusMessage>{note.text}</StatusMessage> : null}
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
              setValue={setValue}
              roster={rosters[side]}
              lines={lines[side]}
              figures={figures[side]}
              cellProblem={cellProblem}
              near={near(side)}
              onRemove={(kind, index) => removeLine(side, kind, index)}
            />
          ))}
          <section aria-labelledby="of-record">
            <h2 id="of-record">승리·패전·세이브 투수와 MVP</h2>
            <div className="form-grid">
              {(
                [
                  ['winPitcherId', '승리 투수', 'W'],
                  ['lossPitcherId', '패전 투수', 'L'],
                  ['savePitcherId', '세이브 투수', 'S'],
                ] as const
              ).map(([name, text, code]) => (
                <div className="field" key={name}>
                  <label htmlFor={cellId(name)}>{text}</label>
                  <select
                    id={cellId(name)}
                    aria-invalid={cellProblem(name)['aria-invalid']}
                    aria-describedby={cellProblem(name)['aria-describedby']}
                    value={pitcherOfRecord(code) ?? ''}
                    onChange={(e) => choosePitcherOfRecord(code, idOrNull(e.target.value))}
                  >
                    <option value="">없음</option>
                    {pitcherOptions.map((id) => (
                      <option key={id} value={id}>
                        {choiceLabels.get(id) ?? names.get(id) ?? `#${id}`}
                      </option>
                    ))}
                  </select>
                </div>
              ))}
              <div className="field">
                <label htmlFor={cellId('mvpPlayerId')}>MVP</label>
                <select
                  id={cellId('mvpPlayerId')}
                  aria-invalid={cellProblem('mvpPlayerId')['aria-invalid']}
                  aria-describedby={cellProblem('mvpPlayerId')['aria-describedby']}
                  {...register('mvpPlayerId', { setValueAs: idOrNull })}
                >
                  <option value="">없음</option>
                  {playerOptions.map((id) => (
                    <option key={id} value={id}>
                      {choiceLabels.get(id) ?? names.get(id) ?? `#${id}`}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <p className="hint">
              승리·패전·세이브 투수는 투수 표의 결과 칸과 함께 바뀝니다. 어느 쪽에서 정해도 됩니다.
            </p>
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
