import '../../../lib/korean-zod.ts';
import { useMemo, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import type { Control, FieldErrors, Resolver, UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod';
import { boxScoreInput, sideLabels } from '../../../../../lib/schemas/box-score.ts';
import type { BoxScoreValues, GameRecord, Side } from '../../../../../lib/schemas/box-score.ts';
import { validateBoxScore } from '../../../../../lib/schemas/validate-box-score.ts';
import type { BoxScoreContext } from '../../../../../lib/schemas/validate-box-score.ts';
import type { IneligiblePlayer } from '../api/get-ineligible.ts';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { API_ERROR_KEY, applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { columnTotal, inningsText, runsTotal } from './record-totals.ts';

export interface PlayerOption {
  playerId: number;
  name: string;
  backNumber: number | null;
}

export interface SideInfo {
  teamId: number;
  teamName: string;
  eligible: PlayerOption[];
  ineligible: IneligiblePlayer[];
}

interface Props {
  away: SideInfo;
  home: SideInfo;
  tiesAllowed: boolean;
  inningsPerGame: number;
  record: GameRecord;
  onSave: (values: BoxScoreValues) => Promise<void>;
}

type Row = Record<string, number | string | null | undefined>;
interface FormValues {
  status: 'final' | 'forfeit' | 'suspended';
  innings: { away: Array<number | null>; home: Array<number | null> };
  away: { batting: Row[]; pitching: Row[] };
  home: { batting: Row[]; pitching: Row[] };
  winPitcherId: number | null;
  lossPitcherId: number | null;
  savePitcherId: number | null;
  mvpPlayerId: number | null;
  forfeitWinnerTeamId: number | null;
  notes: string;
  [API_ERROR_KEY]?: string;
}

const BATTING: ReadonlyArray<[string, string]> = [
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
];
const PITCHING: ReadonlyArray<[string, string]> = [
  ['outs', '아웃'],
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

const count = (v: unknown) => (v === '' || v == null ? 0 : Number(v));
const idOrNull = (v: unknown) => (v === '' || v == null ? null : Number(v));
const idOrUndefined = (v: unknown) => (v === '' || v == null ? undefined : Number(v));
const runsOrNull = (v: unknown) => (v === '' || v == null ? null : Number(v));

const emptyBatter = (order: number): Row => ({
  playerId: undefined,
  battingOrder: order,
  seq: 1,
  position: '',
  ...Object.fromEntries(BATTING.map(([k]) => [k, 0])),
});
const emptyPitcher = (seq: number): Row => ({
  playerId: undefined,
  seq,
  decision: null,
  ...Object.fromEntries(PITCHING.map(([k]) => [k, 0])),
});

function fromRecord(record: GameRecord, inningsPerGame: number): FormValues {
  const has = record.hasRecord;
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
    away: { batting: record.away.batting as Row[], pitching: record.away.pitching as Row[] },
    home: { batting: record.home.batting as Row[], pitching: record.home.pitching as Row[] },
    winPitcherId: record.winPitcherId,
    lossPitcherId: record.lossPitcherId,
    savePitcherId: record.savePitcherId,
    mvpPlayerId: record.mvpPlayerId,
    forfeitWinnerTeamId: record.forfeitWinnerTeamId,
    notes: record.notes,
  };
}

/** Every message of the form's errors with its path, for the summary at the top. */
function flattenErrors(
  errors: FieldErrors | undefined,
  prefix = '',
): Array<{ path: string; message: string }> {
  if (!errors) return [];
  const out: Array<{ path: string; message: string }> = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!value || key === 'ref' || key === 'type' || key === 'types') continue;
    const path = key === 'root' ? prefix : prefix ? `${prefix}.${key}` : key;
    if (typeof (value as { message?: unknown }).message === 'string')
      out.push({ path, message: (value as { message: string }).message });
    if (typeof value === 'object')
      out.push(
        ...flattenErrors(value as FieldErrors, path).filter(
          (e) => e.path !== path || !out.some((o) => o.path === path),
        ),
      );
  }
  return out.filter(
    (e, i, all) => all.findIndex((o) => o.path === e.path && o.message === e.message) === i,
  );
}

function PlayerSelect({
  side,
  info,
  name,
  label,
  register,
  invalid,
}: {
  side: Side;
  info: SideInfo;
  name: string;
  label: string;
  register: UseFormRegister<FormValues>;
  invalid: boolean;
}) {
  return (
    <select
      aria-label={label}
      aria-invalid={invalid}
      {...register(name as never, { setValueAs: idOrUndefined })}
      data-side={side}
    >
      <option value="">선수 선택</option>
      {info.eligible.map((p) => (
        <option key={p.playerId} value={p.playerId}>
          {p.backNumber != null ? `${p.backNumber} ` : ''}
          {p.name}
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

function errorAt(errors: FieldErrors<FormValues>, path: string): string | undefined {
  const node = path
    .split('.')
    .reduce<unknown>((n, k) => (n as Record<string, unknown> | undefined)?.[k], errors);
  const direct = (node as { message?: string } | undefined)?.message;
  return direct ?? (node as { root?: { message?: string } } | undefined)?.root?.message;
}

function TeamLines({
  side,
  info,
  control,
  register,
  errors,
}: {
  side: Side;
  info: SideInfo;
  control: Control<FormValues>;
  register: UseFormRegister<FormValues>;
  errors: FieldErrors<FormValues>;
}) {
  const batting = useFieldArray({ control, name: `${side}.batting` });
  const pitching = useFieldArray({ control, name: `${side}.pitching` });
  const battingRows = useWatch({ control, name: `${side}.batting` });
  const pitchingRows = useWatch({ control, name: `${side}.pitching` });
  const sideName = `${sideLabels[side]}(${info.teamName})`;
  const battingError = errorAt(errors, `${side}.batting`);
  const pitchingError = errorAt(errors, `${side}.pitching`);
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
      <div className="table-scroll">
        <table className="stat-grid">
          <caption>{sideName} 타격</caption>
          <thead>
            <tr>
              <th scope="col">선수</th>
              <th scope="col">타순</th>
              <th scope="col">순번</th>
              <th scope="col">위치</th>
              {BATTING.map(([k, l]) => (
                <th scope="col" key={k}>
                  {l}
                </th>
              ))}
              <th scope="col">
                <span className="sr-only">작업</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {batting.fields.map((f, i) => {
              const at = `${side}.batting.${i}`;
              const label = `${sideLabels[side]} 타자 ${i + 1}`;
              const rowError = ['playerId', 'pa', 'h', 'so', 'r', 'rbi', 'seq']
                .map((k) => errorAt(errors, `${at}.${k}`))
                .find(Boolean);
              return (
                <tr key={f.id} className={rowError ? 'row-invalid' : undefined}>
                  <td>
                    <PlayerSelect
                      side={side}
                      info={info}
                      name={`${at}.playerId`}
                      label={`${label} 선수`}
                      register={register}
                      invalid={!!errorAt(errors, `${at}.playerId`)}
                    />
                    {rowError ? <p className="field-error">{rowError}</p> : null}
                  </td>
                  <td>
                    <input
                      className="cell"
                      aria-label={`${label} 타순`}
                      inputMode="numeric"
                      {...register(`${at}.battingOrder` as never, { setValueAs: count })}
                    />
                  </td>
                  <td>
                    <input
                      className="cell"
                      aria-label={`${label} 순번`}
                      inputMode="numeric"
                      {...register(`${at}.seq` as never, { setValueAs: count })}
                    />
                  </td>
                  <td>
                    <input
                      className="cell"
                      aria-label={`${label} 위치`}
                      {...register(`${at}.position` as never)}
                    />
                  </td>
                  {BATTING.map(([k, l]) => (
                    <td key={k}>
                      <input
                        className="cell"
                        aria-label={`${label} ${l}`}
                        inputMode="numeric"
                        aria-invalid={!!errorAt(errors, `${at}.${k}`)}
                        {...register(`${at}.${k}` as never, { setValueAs: count })}
                      />
                    </td>
                  ))}
                  <td>
                    <button
                      type="button"
                      className="danger"
                      onClick={() => batting.remove(i)}
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
              <th scope="row" colSpan={4}>
                합계
              </th>
              {BATTING.map(([k, l]) => (
                <td key={k} aria-label={`${sideLabels[side]} ${l} 합계`}>
                  {columnTotal(battingRows, k)}
                </td>
              ))}
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
      {battingError ? (
        <p className="field-error" role="alert">
          {battingError}
        </p>
      ) : null}
      <button type="button" onClick={() => batting.append(emptyBatter(batting.fields.length + 1))}>
        {sideLabels[side]} 타자 추가
      </button>

      <div className="table-scroll">
        <table className="stat-grid">
          <caption>{sideName} 투구</caption>
          <thead>
            <tr>
              <th scope="col">투수</th>
              <th scope="col">순서</th>
              {PITCHING.map(([k, l]) => (
                <th scope="col" key={k}>
                  {l}
                </th>
              ))}
              <th scope="col">결과</th>
              <th scope="col">
                <span className="sr-only">작업</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {pitching.fields.map((f, i) => {
              const at = `${side}.pitching.${i}`;
              const label = `${sideLabels[side]} 투수 ${i + 1}`;
              const rowError = ['playerId', 'er', 'hr', 'bf', 'seq', 'decision']
                .map((k) => errorAt(errors, `${at}.${k}`))
                .find(Boolean);
              return (
                <tr key={f.id} className={rowError ? 'row-invalid' : undefined}>
                  <td>
                    <PlayerSelect
                      side={side}
                      info={info}
                      name={`${at}.playerId`}
                      label={`${label} 선수`}
                      register={register}
                      invalid={!!errorAt(errors, `${at}.playerId`)}
                    />
                    {rowError ? <p className="field-error">{rowError}</p> : null}
                  </td>
                  <td>
                    <input
                      className="cell"
                      aria-label={`${label} 등판 순서`}
                      inputMode="numeric"
                      {...register(`${at}.seq` as never, { setValueAs: count })}
                    />
                  </td>
                  {PITCHING.map(([k, l]) => (
                    <td key={k}>
                      <input
                        className="cell"
                        aria-label={`${label} ${l}`}
                        inputMode="numeric"
                        aria-invalid={!!errorAt(errors, `${at}.${k}`)}
                        {...register(`${at}.${k}` as never, { setValueAs: count })}
                      />
                    </td>
                  ))}
                  <td>
                    <select
                      aria-label={`${label} 결과`}
                      {...register(`${at}.decision` as never, { setValueAs: (v) => v || null })}
                    >
                      <option value="">—</option>
                      <option value="W">승</option>
                      <option value="L">패</option>
                      <option value="S">세이브</option>
                      <option value="H">홀드</option>
                    </select>
                  </td>
                  <td>
                    <button
                      type="button"
                      className="danger"
                      onClick={() => pitching.remove(i)}
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
                합계 ({inningsText(columnTotal(pitchingRows, 'outs'))}이닝)
              </th>
              {PITCHING.map(([k, l]) => (
                <td key={k} aria-label={`${sideLabels[side]} 투수 ${l} 합계`}>
                  {columnTotal(pitchingRows, k)}
                </td>
              ))}
              <td />
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
      {pitchingError ? (
        <p className="field-error" role="alert">
          {pitchingError}
        </p>
      ) : null}
      <button
        type="button"
        onClick={() => pitching.append(emptyPitcher(pitching.fields.length + 1))}
      >
        {sideLabels[side]} 투수 추가
      </button>
    </section>
  );
}

/** The box-score entry: line score, batting and pitching lines, pitchers of record, MVP; checked before saving. */
export function RecordForm({ away, home, tiesAllowed, inningsPerGame, record, onSave }: Props) {
  const [saved, setSaved] = useState<string | null>(null);
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

  const schema = useMemo(
    () =>
      z.preprocess(
        (raw) => {
          const v = raw as FormValues;
          if (v?.status !== 'forfeit') return v;
          return {
            ...v,
            innings: { away: [], home: [] },
            away: { batting: [], pitching: [] },
            home: { batting: [], pitching: [] },
            winPitcherId: null,
            lossPitcherId: null,
            savePitcherId: null,
            mvpPlayerId: null,
          };
        },
        boxScoreInput.superRefine((value, ctx) => {
          const { errors } = validateBoxScore(value, context);
          for (const { path, message } of errors) {
            ctx.addIssue({
              code: 'custom',
              message,
              path: path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
              input: value,
            });
          }
        }),
      ),
    [context],
  );

  const { control, register, handleSubmit, formState, setError, getValues, setValue, reset } =
    useForm<FormValues>({
      resolver: zodResolver(schema as never) as unknown as Resolver<FormValues>,
      defaultValues: fromRecord(record, inningsPerGame),
    });
  const values = useWatch({ control }) as FormValues;
  const inningCount = Math.max(
    values.innings?.away?.length ?? 0,
    values.innings?.home?.length ?? 0,
  );
  const status = values.status;
  const errors = formState.errors;
  const summary = flattenErrors(errors as FieldErrors);

  const resize = (n: number) => {
    const current = getValues('innings');
    const fit = (list: Array<number | null>) => [
      ...list.slice(0, n),
      ...Array(Math.max(0, n - list.length)).fill(null),
    ];
    setValue('innings', { away: fit(current.away), home: fit(current.home) });
  };

  const submit = handleSubmit(async (output) => {
    setSaved(null);
    try {
      await onSave(output as unknown as BoxScoreValues);
      setSaved('경기 기록을 저장했습니다.');
      reset(getValues());
    } catch (error) {
      applyServerErrors(error, setError, [
        'status',
        'innings',
        'away',
        'home',
        'winPitcherId',
        'lossPitcherId',
        'savePitcherId',
        'mvpPlayerId',
        'forfeitWinnerTeamId',
        'notes',
      ]);
    }
  });

  const pitchers = (side: Side) =>
    (values[side]?.pitching ?? []).map((l) => Number(l.playerId)).filter(Boolean);
  const names = new Map<number, string>(
    [...away.eligible, ...home.eligible, ...away.ineligible, ...home.ineligible].map((p) => [
      p.playerId,
      p.name,
    ]),
  );
  const pitcherOptions = [...pitchers('away'), ...pitchers('home')];
  const playerOptions = [
    ...new Set([
      ...['away', 'home'].flatMap((s) =>
        [...(values[s as Side]?.batting ?? []), ...(values[s as Side]?.pitching ?? [])]
          .map((l) => Number(l.playerId))
          .filter(Boolean),
      ),
    ]),
  ];
  const apiError = (errors as Record<string, { message?: string }>)[API_ERROR_KEY]?.message;

  return (
    <form className="record-form" onSubmit={submit} noValidate>
      {summary.length ? (
        <div className="error-summary" role="alert">
          <h2>저장하지 않았습니다. 다음을 고쳐 주세요.</h2>
          <ul>
            {summary.map((e) => (
              <li key={`${e.path}:${e.message}`}>{e.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {saved ? <StatusMessage kind="success">{saved}</StatusMessage> : null}
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
          <label htmlFor="forfeit-winner">몰수승 팀</label>
          <select
            id="forfeit-winner"
            aria-invalid={!!errors.forfeitWinnerTeamId}
            {...register('forfeitWinnerTeamId', { setValueAs: idOrNull })}
          >
            <option value="">선택</option>
            <option value={away.teamId}>{away.teamName}</option>
            <option value={home.teamId}>{home.teamName}</option>
          </select>
          {errors.forfeitWinnerTeamId ? (
            <p className="field-error">{errors.forfeitWinnerTeamId.message}</p>
          ) : null}
          <p className="hint">몰수 경기는 7:0으로 기록되고 개인 기록은 남기지 않습니다.</p>
        </div>
      ) : (
        <>
          <section aria-labelledby="line-score">
            <h2 id="line-score">이닝별 득점</h2>
            <div className="table-scroll">
              <table className="line-score">
                <caption>이닝별 득점 (홈 팀이 마지막 말 공격을 하지 않았으면 비워 두세요)</caption>
                <thead>
                  <tr>
                    <th scope="col">팀</th>
                    {Array.from({ length: inningCount }, (_, i) => (
                      <th scope="col" key={i}>
                        {i + 1}
                      </th>
                    ))}
                    <th scope="col">R</th>
                    <th scope="col">H</th>
                    <th scope="col">E</th>
                  </tr>
                </thead>
                <tbody>
                  {(['away', 'home'] as const).map((side) => {
                    const info = side === 'away' ? away : home;
                    return (
                      <tr key={side}>
                        <th scope="row">{info.teamName}</th>
                        {Array.from({ length: inningCount }, (_, i) => (
                          <td key={i}>
                            <input
                              className="cell"
                              inputMode="numeric"
                              aria-label={`${sideLabels[side]} ${i + 1}회 득점`}
                              aria-invalid={!!errorAt(errors, `innings.${side}.${i}`)}
                              {...register(`innings.${side}.${i}` as never, {
                                setValueAs: runsOrNull,
                              })}
                            />
                          </td>
                        ))}
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
            {['innings', 'innings.away', 'innings.home']
              .map((p) => errorAt(errors, p))
              .filter(Boolean)
              .map((m) => (
                <p key={m} className="field-error">
                  {m}
                </p>
              ))}
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
          <TeamLines
            side="away"
            info={away}
            control={control}
            register={register}
            errors={errors}
          />
          <TeamLines
            side="home"
            info={home}
            control={control}
            register={register}
            errors={errors}
          />
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
                  <label htmlFor={`record-${name}`}>{text}</label>
                  <select
                    id={`record-${name}`}
                    aria-invalid={!!errors[name]}
                    {...register(name, { setValueAs: idOrNull })}
                  >
                    <option value="">없음</option>
                    {options.map((id) => (
                      <option key={id} value={id}>
                        {names.get(id) ?? `#${id}`}
                      </option>
                    ))}
                  </select>
                  {errors[name] ? <p className="field-error">{errors[name]?.message}</p> : null}
                </div>
              ))}
            </div>
          </section>
        </>
      )}
      <div className="field">
        <label htmlFor="record-notes">비고</label>
        <textarea id="record-notes" rows={2} {...register('notes')} />
      </div>
      {apiError ? <StatusMessage kind="error">{apiError}</StatusMessage> : null}
      <div className="form-actions">
        <button type="submit" className="primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? '저장 중…' : '기록 저장'}
        </button>
      </div>
    </form>
  );
}
