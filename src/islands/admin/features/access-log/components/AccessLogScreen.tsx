import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { ScreenHeader } from '../../../components/ScreenHeader.tsx';
import { Loading, StatusMessage } from '../../../components/StatusMessage.tsx';
import { errorMessage, useApiData } from '../../../lib/use-api-data.ts';
import { useConsole } from '../../../use-console.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { accessActionChoices, downloadAccessLogCsv, listAccessLog } from '../api/access-log.ts';
import type { AccessLogFilter, AccessLogItem } from '../api/access-log.ts';
import { MonthReviewSection } from './MonthReviewSection.tsx';
import { seoulTime } from './seoul-time.ts';

const PAGE = 50;
const noFilter: AccessLogFilter = { account: '', subject: '', action: '', from: '', to: '' };

/** `player:12` → 선수 12 */
const kinds: Record<string, string> = { player: '선수', coach: '지도자', user: '회원' };
const subjectText = (item: AccessLogItem) =>
  item.subjects.length === 0
    ? '전체'
    : item.subjects
        .map((s) => {
          const [kind, id] = s.split(':');
          return `${kinds[kind] ?? kind} ${id}`;
        })
        .join(', ');

/**
 * /admin/access-log (decision 146): the access record of personal data for 협회 관리자 and site
 * admins: the monthly review, then the record itself with its filters, pages and CSV (a download,
 * so a reason is asked).
 */
export default function AccessLogScreen() {
  const { access } = useConsole();
  const ids = {
    account: useId(),
    subject: useId(),
    action: useId(),
    from: useId(),
    to: useId(),
    reason: useId(),
    list: useId(),
  };
  const [draft, setDraft] = useState<AccessLogFilter>(noFilter);
  const [filter, setFilter] = useState<AccessLogFilter>(noFilter);
  const [offset, setOffset] = useState(0);
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const { data, error, loading } = useApiData(
    () => listAccessLog(access.mainId, filter, offset, PAGE),
    [access.mainId, filter, offset],
  );

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setOffset(0);
    setFilter({ ...draft });
  };
  const set = (key: keyof AccessLogFilter) => (value: string) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const download = async () => {
    setNotice(null);
    try {
      const blob = await downloadAccessLogCsv(access.mainId, filter, reason);
      saveFile(blob, 'personal-access-log.csv');
      setNotice({ kind: 'success', text: 'CSV 파일을 내려받았습니다.' });
    } catch (e) {
      setNotice({ kind: 'error', text: errorMessage(e) });
    }
  };

  return (
    <>
      <ScreenHeader title="개인정보 접속기록" />
      <p>
        누가 언제 어디서 누구의 개인정보(생년월일, 전화번호, 이메일, 회원 연결)를{' '}
        {'조회·입력·변경·삭제·다운로드했는지'} 남긴 기록입니다. 2년 동안 보관하며 고칠 수 없습니다.
        매달 점검하고 검토 완료를 눌러 주세요.
      </p>
      <MonthReviewSection mainId={access.mainId} />

      <section aria-labelledby={ids.list}>
        <h2 id={ids.list}>기록</h2>
        <form className="form-grid" onSubmit={apply}>
          <div className="field">
            <label htmlFor={ids.account}>계정(이메일)</label>
            <input
              id={ids.account}
              type="email"
              value={draft.account}
              onChange={(e) => set('account')(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={ids.subject}>정보주체</label>
            <input
              id={ids.subject}
              value={draft.subject}
              placeholder="player:12"
              aria-describedby={`${ids.subject}-hint`}
              onChange={(e) => set('subject')(e.target.value)}
            />
            <p id={`${ids.subject}-hint`} className="hint">
              선수는 player:번호, 지도자는 coach:번호, 회원은 user:번호
            </p>
          </div>
          <div className="field">
            <label htmlFor={ids.action}>처리</label>
            <select
              id={ids.action}
              value={draft.action}
              onChange={(e) => set('action')(e.target.value)}
            >
              <option value="">전체</option>
              {accessActionChoices.map(([code, word]) => (
                <option key={code} value={code}>
                  {word}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={ids.from}>시작일</label>
            <input
              id={ids.from}
              type="date"
              value={draft.from}
              onChange={(e) => set('from')(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={ids.to}>종료일</label>
            <input
              id={ids.to}
              type="date"
              value={draft.to}
              onChange={(e) => set('to')(e.target.value)}
            />
          </div>
          <div className="form-actions">
            <button type="submit">조회</button>
          </div>
        </form>
        {error ? <StatusMessage kind="error">{error}</StatusMessage> : null}
        {loading && !data ? <Loading /> : null}
        {data ? (
          <>
            <div className="table-scroll">
              <table>
                <caption>개인정보 접속기록 (최신순, {data.total}건)</caption>
                <thead>
                  <tr>
                    <th scope="col">시각</th>
                    <th scope="col">계정</th>
                    <th scope="col">접속지</th>
                    <th scope="col">처리</th>
                    <th scope="col">정보주체</th>
                    <th scope="col">사유</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.length === 0 ? (
                    <tr>
                      <td colSpan={6} className="empty">
                        기록이 없습니다.
                      </td>
                    </tr>
                  ) : (
                    data.items.map((item) => (
                      <tr key={item.id}>
                        <td>{seoulTime(item.at)}</td>
                        <td>{item.account}</td>
                        <td>{item.address}</td>
                        <td>{item.actionLabel}</td>
                        <td>{subjectText(item)}</td>
                        <td>{item.reason ?? ''}</td>
                      </tr>
                    ))
                  )}
                </tbody>
              </table>
            </div>
            <nav className="pager" aria-label="기록 쪽">
              <button
                type="button"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - PAGE))}
              >
                이전
              </button>
              <span>
                {data.total === 0 ? 0 : offset + 1}–{Math.min(offset + PAGE, data.total)} /{' '}
                {data.total}
              </span>
              <button
                type="button"
                disabled={offset + PAGE >= data.total}
                onClick={() => setOffset(offset + PAGE)}
              >
                다음
              </button>
            </nav>
          </>
        ) : null}
        <div className="field">
          <label htmlFor={ids.reason}>CSV로 내려받는 사유</label>
          <input
            id={ids.reason}
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        <div className="form-actions">
          <button type="button" onClick={download}>
            CSV 내려받기
          </button>
        </div>
        {notice ? <StatusMessage kind={notice.kind}>{notice.text}</StatusMessage> : null}
      </section>
    </>
  );
}
