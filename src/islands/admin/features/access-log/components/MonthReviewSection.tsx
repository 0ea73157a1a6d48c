import { useId, useState } from 'react';
import { Loading, StatusMessage } from '../../../components/StatusMessage.tsx';
import { errorMessage, useApiData } from '../../../lib/use-api-data.ts';
import { accessActionChoices, getMonthReview, markMonthReviewed } from '../api/access-log.ts';
import type { AccountMonth } from '../api/access-log.ts';
import { seoulMonth, seoulTime } from './seoul-time.ts';

const flagText = (a: AccountMonth) =>
  a.flags.map((f) => (f === 'download' ? '다운로드 있음' : '건수가 유난히 많음')).join(', ');

/**
 * 월별 점검 (기준 §8: at least monthly): a month's handlings per account, the accounts to look at
 * marked, and "검토 완료", which stores who reviewed the month and when.
 */
export function MonthReviewSection({ mainId }: { mainId: number }) {
  const headingId = useId();
  const monthId = useId();
  const [month, setMonth] = useState(seoulMonth());
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const { data, error, loading, reload } = useApiData(
    () => getMonthReview(mainId, month),
    [mainId, month],
  );

  const review = async () => {
    setSaving(true);
    setNotice(null);
    try {
      await markMonthReviewed(mainId, month);
      setNotice({ kind: 'success', text: `${month} 검토 완료를 기록했습니다.` });
      reload();
    } catch (e) {
      setNotice({ kind: 'error', text: errorMessage(e) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>월별 점검</h2>
      <div className="field-inline">
        <label htmlFor={monthId}>점검할 달</label>
        <input
          id={monthId}
          type="month"
          value={month}
          onChange={(e) => e.target.value && setMonth(e.target.value)}
        />
      </div>
      {error ? <StatusMessage kind="error">{error}</StatusMessage> : null}
      {loading && !data ? <Loading /> : null}
      {data ? (
        <>
          <p className="review-state" data-testid="review-state">
            {data.reviewed
              ? `검토 완료: ${data.reviewed.account}, ${seoulTime(data.reviewed.reviewedAt)}`
              : '아직 검토하지 않은 달입니다.'}
          </p>
          <div className="table-scroll">
            <table>
              <caption>{data.month} 계정별 처리 건수</caption>
              <thead>
                <tr>
                  <th scope="col">계정</th>
                  {accessActionChoices.map(([code, word]) => (
                    <th key={code} scope="col">
                      {word}
                    </th>
                  ))}
                  <th scope="col">합계</th>
                  <th scope="col">확인</th>
                </tr>
              </thead>
              <tbody>
                {data.accounts.length === 0 ? (
                  <tr>
                    <td colSpan={accessActionChoices.length + 3} className="empty">
                      이 달의 기록이 없습니다.
                    </td>
                  </tr>
                ) : (
                  data.accounts.map((a) => (
                    <tr key={a.account} className={a.flags.length ? 'row-flagged' : undefined}>
                      <th scope="row">{a.account}</th>
                      {accessActionChoices.map(([code]) => (
                        <td key={code}>{a.counts[code]}</td>
                      ))}
                      <td>{a.total}</td>
                      <td>{a.flags.length ? <strong>확인 필요: {flagText(a)}</strong> : '—'}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
          <div className="form-actions">
            <button type="button" onClick={review} disabled={saving}>
              {saving ? '기록하는 중…' : '검토 완료'}
            </button>
          </div>
        </>
      ) : null}
      {notice ? <StatusMessage kind={notice.kind}>{notice.text}</StatusMessage> : null}
    </section>
  );
}
