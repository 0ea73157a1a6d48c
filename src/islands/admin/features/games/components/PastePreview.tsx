import { useLayoutEffect, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import type { PasteColumn, PastePlan, PasteRow } from './record-paste.ts';
import type { Roster } from './record-players.ts';

/** The grid column a pasted column goes to, in words. */
function destination(column: PasteColumn, labels: Record<string, string>): string {
  if (column.key === 'backNumber') return '선수 (등번호)';
  if (column.key === 'battingOrder') return '교체 (타순이 윗줄과 같으면)';
  if (column.key) return labels[column.key] ?? column.key;
  if (column.why === 'outside') return '넣지 않음 (표 밖)';
  if (column.why === 'twice') return '넣지 않음 (같은 칸의 열이 또 있음)';
  return '넣지 않음 (알 수 없는 열)';
}

/** Where a pasted line goes and the player it names, in words. */
function lineResult(row: PasteRow, roster: Roster, noun: string): string {
  if (row.skipped === 'total') return '합계 줄이라 넣지 않습니다';
  if (row.skipped === 'blank') return '빈 줄이라 넣지 않습니다';
  if (row.skipped === 'full' || row.target === null) return '줄이 모자라 넣지 않습니다';
  const to = `${noun} ${row.target + 1}행`;
  if (!row.match) return to;
  if ('playerId' in row.match) return `${to}: ${roster.label(row.match.playerId)}`;
  return row.match.problem === 'many'
    ? `${to}: 같은 이름이 여럿이라 선수를 정하지 못했습니다`
    : `${to}: 명단에 없는 선수라 선수 칸을 고쳐야 합니다`;
}

/**
 * What a pasted block would do, shown beside the table before anything is applied: which column
 * goes to which grid column, which lines go to which rows with the player each names. Enter (on
 * 붙여 넣기) applies it, Escape or 취소 leaves the grid as it was.
 */
export function PastePreview({
  plan,
  where,
  labels,
  roster,
  onApply,
  onCancel,
}: {
  plan: PastePlan;
  /** the table pasted into: '원정 팀 타격' */
  where: string;
  labels: Record<string, string>;
  roster: Roster;
  onApply: () => void;
  onCancel: () => void;
}) {
  const apply = useRef<HTMLButtonElement>(null);
  // Focused before it is painted, so an Enter pressed as soon as it shows applies it.
  useLayoutEffect(() => {
    apply.current?.focus();
  }, []);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onCancel();
  };
  const noun = plan.kind === 'batting' ? '타자' : '투수';
  const lines = plan.rows.filter((r) => r.target !== null).length;
  const left = plan.columns.filter((c) => c.key === null);
  return (
    <div
      className="paste-preview"
      role="group"
      aria-labelledby="paste-preview-title"
      onKeyDown={onKeyDown}
    >
      <h3 id="paste-preview-title">
        {where}에 붙여 넣기 전에 확인해 주세요 ({lines}줄)
      </h3>
      <p>
        {plan.header
          ? '첫 줄을 제목 줄로 읽었습니다. 각 열은 제목이 가리키는 칸에 들어갑니다.'
          : '제목 줄이 없어 붙여 넣은 칸부터 차례로 들어갑니다. 칸이 맞는지 확인해 주세요.'}
        {left.length ? ` 넣지 않는 열: ${left.map((c) => c.from).join(', ')}.` : ''}
      </p>
      <div className="paste-preview-tables">
        <table className="paste-columns">
          <caption>열</caption>
          <thead>
            <tr>
              <th scope="col">붙여 넣은 열</th>
              <th scope="col">들어갈 칸</th>
            </tr>
          </thead>
          <tbody>
            {plan.columns.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a pasted column is its place in the block; the list never reorders
              <tr key={i} className={c.key ? undefined : 'paste-left-out'}>
                <th scope="row">{c.from}</th>
                <td>{destination(c, labels)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className="paste-rows">
          <caption>줄</caption>
          <thead>
            <tr>
              <th scope="col">줄</th>
              {plan.rows.some((r) => r.player !== null) ? <th scope="col">선수</th> : null}
              <th scope="col">들어갈 곳</th>
            </tr>
          </thead>
          <tbody>
            {plan.rows.map((r) => (
              <tr
                key={r.line}
                className={
                  r.target === null || (r.match && !('playerId' in r.match))
                    ? 'paste-left-out'
                    : undefined
                }
              >
                <th scope="row">{r.line}</th>
                {plan.rows.some((x) => x.player !== null) ? <td>{r.player || '—'}</td> : null}
                <td>{lineResult(r, roster, noun)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="form-actions">
        <button type="button" className="primary" ref={apply} onClick={onApply}>
          붙여 넣기
        </button>
        <button type="button" onClick={onCancel}>
          취소
        </button>
      </div>
    </div>
  );
}
