import { useWatch } from 'react-hook-form';
import type {
  Control,
  UseFieldArrayReturn,
  UseFormRegister,
  UseFormSetValue,
} from 'react-hook-form';
import { sideLabels } from '../../../../../lib/schemas/box-score.ts';
import type { Side } from '../../../../../lib/schemas/box-score.ts';
import { battingSlots } from '../../../../../lib/schemas/batting-slots.ts';
import { describePlayer } from '../../../../../lib/describe-player.ts';
import type { IneligiblePlayer } from '../api/get-ineligible.ts';
import { BATTING, BATTING_EVENTS, PITCHING } from './record-columns.ts';
import type { SideFigures } from './record-derived.ts';
import { decisionCell, inningsLabel, outsFromInningsText } from './record-grid.ts';
import type { Roster } from './record-players.ts';
import { cellId } from './record-problems.ts';
import type { CellProblems } from './record-problems.ts';
import { columnTotal } from './record-totals.ts';
import { emptyRow, isBlankRow } from './record-values.ts';
import type { GridRow, Kind, RecordFormValues } from './record-values.ts';

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

/** The grid's columns left to right (data-c of each cell); a pasted block fills them in this order. */
export const COLUMNS: Record<Kind, readonly string[]> = {
  batting: [
    'player',
    'position',
    ...BATTING.map(([k]) => k),
    ...BATTING_EVENTS.map(([k]) => k),
    'sub',
  ],
  pitching: ['player', 'decision', 'ip', ...PITCHING.map(([k]) => k)],
};
export const MAX_ROWS: Record<Kind, number> = { batting: 40, pitching: 20 };

/** What a cell needs to show its problems: invalid state and the messages tied to it. */
export type CellProblemOf = (path: string) => {
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
};

/** The cell-problem props for a path, from the problems by cell. */
export function cellProblemOf(byCell: Map<string, CellProblems>): CellProblemOf {
  return (path) => {
    const p = byCell.get(path);
    return {
      'aria-invalid': p?.error ? true : undefined,
      'aria-describedby': p ? p.ids.join(' ') : undefined,
      className: `cell${p ? (p.error ? ' cell-error' : ' cell-warning') : ''}`,
    };
  };
}

/**
 * A player's cell: a back number, a name or both, typed or pasted, with the side's roster as
 * suggestions. What it names is kept beside it as the player's id; a name found is shown as
 * '7 김민준' when the cell is left.
 */
function PlayerCell({
  path,
  idPath,
  label,
  list,
  register,
  setValue,
  roster,
  grid,
  problem,
}: {
  path: string;
  idPath: string;
  label: string;
  list: string;
  register: UseFormRegister<RecordFormValues>;
  setValue: UseFormSetValue<RecordFormValues>;
  roster: Roster;
  grid: { g: string; r: number; c: number };
  problem: ReturnType<CellProblemOf>;
}) {
  const found = (text: string) => {
    const match = roster.find(text);
    return match && 'playerId' in match ? match.playerId : undefined;
  };
  return (
    <input
      id={cellId(path)}
      {...problem}
      className={`${problem.className} player-cell`}
      aria-label={label}
      list={list}
      autoComplete="off"
      data-grid={grid.g}
      data-r={grid.r}
      data-c={grid.c}
      {...register(path as never, {
        onChange: (event) => setValue(idPath as never, found(event.target.value) as never),
        onBlur: (event) => {
          const id = found(event.target.value);
          const shown = id === undefined ? undefined : roster.label(id);
          if (shown && shown !== event.target.value) setValue(path as never, shown as never);
        },
      })}
    />
  );
}

export interface LineArrays {
  batting: UseFieldArrayReturn<RecordFormValues, `${Side}.batting`>;
  pitching: UseFieldArrayReturn<RecordFormValues, `${Side}.pitching`>;
}

/** Order numbers of the lines as they stand (untouched lines have none). */
function lineOrders(rows: readonly GridRow[], kind: Kind): Array<string | null> {
  const used = rows.flatMap((row, i) => (isBlankRow(row, kind) ? [] : [i]));
  const out: Array<string | null> = rows.map(() => null);
  if (kind === 'pitching') for (const [n, row] of used.entries()) out[row] = String(n + 1);
  else {
    const slots = battingSlots(used.map((i) => Boolean(rows[i].sub)));
    for (const [n, row] of used.entries()) out[row] = String(slots[n].battingOrder);
  }
  return out;
}

/** One team's batting and pitching grids, their totals and the messages about the whole list. */
export function TeamLines({
  side,
  info,
  control,
  register,
  setValue,
  roster,
  lines,
  figures,
  cellProblem,
  near,
  onRemove,
}: {
  side: Side;
  info: SideInfo;
  control: Control<RecordFormValues>;
  register: UseFormRegister<RecordFormValues>;
  setValue: UseFormSetValue<RecordFormValues>;
  roster: Roster;
  lines: LineArrays;
  /** 타석 and 상대 타자 as the grid fills them in */
  figures: SideFigures;
  cellProblem: CellProblemOf;
  /** what is said just above each table: a paste to look at, what it did, team-wide problems */
  near: Record<Kind, React.ReactNode>;
  onRemove: (kind: Kind, index: number) => void;
}) {
  const battingRows = (useWatch({ control, name: `${side}.batting` }) ?? []) as GridRow[];
  const pitchingRows = (useWatch({ control, name: `${side}.pitching` }) ?? []) as GridRow[];
  const sideName = `${sideLabels[side]}(${info.teamName})`;
  const outs = pitchingRows.reduce(
    (total, row) => total + (outsFromInningsText(String(row.ip ?? '')) ?? 0),
    0,
  );
  const orders = {
    batting: lineOrders(battingRows, 'batting'),
    pitching: lineOrders(pitchingRows, 'pitching'),
  };
  const sum = (list: Array<number | null>) => list.reduce<number>((t, n) => t + (n ?? 0), 0);
  const input = (
    path: string,
    label: string,
    g: string,
    r: number,
    c: number,
    options: { numeric?: boolean; placeholder?: number | null } = {},
  ) => (
    <input
      id={cellId(path)}
      {...cellProblem(path)}
      aria-label={label}
      inputMode={options.numeric === false ? undefined : 'numeric'}
      autoComplete="off"
      placeholder={options.placeholder != null ? String(options.placeholder) : undefined}
      data-grid={g}
      data-r={r}
      data-c={c}
      {...register(path as never)}
    />
  );
  const rowClass = (kind: Kind, i: number) =>
    cellProblem(`${side}.${kind}.${i}.player`)['aria-invalid'] ? 'row-invalid' : undefined;
  const blankCell = (row: GridRow | undefined, key: string) =>
    row?.[key] === '' || row?.[key] == null;
  return (
    <section className="team-lines" aria-labelledby={`${side}-lines`}>
      <h2 id={`${side}-lines`}>
        {sideLabels[side]} {info.teamName}
      </h2>
      <datalist id={`${side}-roster`}>
        {roster.players.map((p) => (
          <option key={p.playerId} value={roster.label(p.playerId)}>
            {p.reason
              ? `출장 불가 (${p.reason})`
              : describePlayer({ name: p.name, teams: [info.teamName], birthDate: p.birthDate })}
          </option>
        ))}
      </datalist>
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
      {near.batting}
      <div className="table-scroll grid-scroll">
        <table className="stat-grid" id={cellId(`${side}.batting`)} tabIndex={-1}>
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
              <th scope="col">교체</th>
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
              const row = battingRows[i];
              const sub = cellProblem(`${at}.sub`);
              return (
                <tr key={f.id} className={rowClass('batting', i)}>
                  <th scope="row">
                    <PlayerCell
                      path={`${at}.player`}
                      idPath={`${at}.playerId`}
                      label={`${label} 선수`}
                      list={`${side}-roster`}
                      register={register}
                      setValue={setValue}
                      roster={roster}
                      grid={{ g, r: i, c: 0 }}
                      problem={cellProblem(`${at}.player`)}
                    />
                  </th>
                  <td>{input(`${at}.position`, `${label} 위치`, g, i, 1, { numeric: false })}</td>
                  {BATTING.map(([k, l], c) => (
                    <td key={k}>
                      {input(`${at}.${k}`, `${label} ${l}`, g, i, c + 2, {
                        placeholder: k === 'pa' && blankCell(row, 'pa') ? figures.pa[i] : null,
                      })}
                    </td>
                  ))}
                  {BATTING_EVENTS.map(([k, l], c) => (
                    <td key={k}>
                      {input(`${at}.${k}`, `${label} ${l}`, g, i, BATTING.length + c + 2, {
                        numeric: false,
                      })}
                    </td>
                  ))}
                  <td id={cellId(`${at}.battingOrder`)} tabIndex={-1} aria-label={`${label} 타순`}>
                    {orders.batting[i] ?? '–'}
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      id={cellId(`${at}.sub`)}
                      aria-label={`${label} 교체`}
                      aria-invalid={sub['aria-invalid']}
                      aria-describedby={sub['aria-describedby']}
                      title="바로 윗줄 타자와 교체되어 같은 타순에 들어온 선수"
                      data-grid={g}
                      data-r={i}
                      data-c={COLUMNS.batting.length - 1}
                      {...register(`${at}.sub` as never)}
                    />
                  </td>
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
                  {k === 'pa' ? sum(figures.pa) : columnTotal(battingRows, k)}
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
      <button
        type="button"
        onClick={() => lines.batting.append(emptyRow('batting'))}
        disabled={lines.batting.fields.length >= MAX_ROWS.batting}
      >
        {sideLabels[side]} 타자 추가
      </button>

      {near.pitching}
      <div className="table-scroll grid-scroll">
        <table className="stat-grid" id={cellId(`${side}.pitching`)} tabIndex={-1}>
          <caption>{sideName} 투구</caption>
          <thead>
            <tr>
              <th scope="col">투수</th>
              <th scope="col">결과</th>
              <th scope="col">이닝</th>
              {PITCHING.map(([k, l]) => (
                <th scope="col" key={k}>
                  {l}
                </th>
              ))}
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
              const row = pitchingRows[i];
              const decision = cellProblem(`${at}.decision`);
              return (
                <tr key={f.id} className={rowClass('pitching', i)}>
                  <th scope="row">
                    <PlayerCell
                      path={`${at}.player`}
                      idPath={`${at}.playerId`}
                      label={`${label} 선수`}
                      list={`${side}-roster`}
                      register={register}
                      setValue={setValue}
                      roster={roster}
                      grid={{ g, r: i, c: 0 }}
                      problem={cellProblem(`${at}.player`)}
                    />
                  </th>
                  <td>
                    <input
                      id={cellId(`${at}.decision`)}
                      {...decision}
                      className={`${decision.className} decision-cell`}
                      aria-label={`${label} 결과`}
                      list="decision-words"
                      autoComplete="off"
                      data-grid={g}
                      data-r={i}
                      data-c={1}
                      {...register(`${at}.decision` as never, {
                        // W, L, S, H or 승, 패, 세, 홀 typed: shown as the box score names it
                        onBlur: (event) => {
                          const shown = decisionCell(event.target.value);
                          if (shown !== event.target.value)
                            setValue(`${at}.decision` as never, shown as never, {
                              shouldDirty: true,
                            });
                        },
                      })}
                    />
                  </td>
                  <td>{input(`${at}.ip`, `${label} 이닝`, g, i, 2, { numeric: false })}</td>
                  {PITCHING.map(([k, l], c) => (
                    <td key={k}>
                      {input(`${at}.${k}`, `${label} ${l}`, g, i, c + 3, {
                        placeholder: k === 'bf' && blankCell(row, 'bf') ? figures.bf[i] : null,
                      })}
                    </td>
                  ))}
                  <td id={cellId(`${at}.seq`)} tabIndex={-1} aria-label={`${label} 등판 순서`}>
                    {orders.pitching[i] ?? '–'}
                  </td>
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
              <th scope="row" colSpan={3} aria-label={`${sideLabels[side]} 투수 이닝 합계`}>
                합계 {inningsLabel(outs)}이닝
              </th>
              {PITCHING.map(([k, l]) => (
                <td key={k} aria-label={`${sideLabels[side]} 투수 ${l} 합계`}>
                  {k === 'bf' ? sum(figures.bf) : columnTotal(pitchingRows, k)}
                </td>
              ))}
              <td />
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
      <button
        type="button"
        onClick={() => lines.pitching.append(emptyRow('pitching'))}
        disabled={lines.pitching.fields.length >= MAX_ROWS.pitching}
      >
        {sideLabels[side]} 투수 추가
      </button>
    </section>
  );
}
