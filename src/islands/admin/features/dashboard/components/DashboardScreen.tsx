import { ScreenHeader } from '../../../components/ScreenHeader.tsx';
import { Loading, StatusMessage } from '../../../components/StatusMessage.tsx';
import { useApiData } from '../../../lib/use-api-data.ts';
import { useConsole } from '../../../use-console.ts';
import { getDashboard } from '../api/get-dashboard.ts';
import { allows } from '../../../lib/permissions.ts';
import { RecordQueue } from './RecordQueue.tsx';
import type { Dashboard } from '../api/get-dashboard.ts';
import { gameStatusLabels } from '../../../../../lib/schemas/game.ts';

/** The stored states the dashboard counts games by. */
const statusNames: Record<string, string> = gameStatusLabels;
const actionNames: Record<string, string> = {
  create: '추가',
  update: '수정',
  delete: '삭제',
  import: '가져오기',
  login: '로그인',
  logout: '로그아웃',
  save: '저장',
};
const entityNames: Record<string, string> = {
  team: '팀',
  player: '선수',
  coach: '지도자',
  division: '부',
  season: '시즌',
  league: '리그',
  game: '경기',
  record: '경기 기록',
  notice: '공지',
  user: '회원',
  upload: '파일',
  result: '리그 결과',
  roster: '리그 명단',
  schedule: '일정',
  manager: '관리자',
  board: '게시판',
};
const publishNames = { running: '빌드 중', success: '게시 완료', failed: '실패' } as const;

const when = new Intl.DateTimeFormat('ko-KR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'Asia/Seoul',
});
const at = (iso: string) => when.format(new Date(iso));

function Counts({ counts }: { counts: Dashboard['counts'] }) {
  const items: Array<[string, number]> = [
    ['팀', counts.teams],
    ['선수', counts.players],
    ['지도자', counts.coaches],
    ['시즌', counts.seasons],
    ['리그', counts.leagues],
    ['경기', counts.games],
    ['공지', counts.notices],
    ['계정', counts.users],
  ];
  return (
    <section aria-labelledby="dash-counts">
      <h2 id="dash-counts">현황</h2>
      <dl className="count-grid">
        {items.map(([name, n]) => (
          <div key={name} className="count">
            <dt>{name}</dt>
            <dd>{n.toLocaleString('ko-KR')}</dd>
          </div>
        ))}
      </dl>
      <p className="games-by-status">
        경기 상태:{' '}
        {Object.entries(counts.gamesByStatus)
          .map(([s, n]) => `${statusNames[s] ?? s} ${n}`)
          .join(' · ')}
      </p>
    </section>
  );
}

/**
 * The midnight rebuild's check (docs/decisions/125): pages whose data changed while no change
 * named them stayed old until midnight. The rebuild has mended them; the read needs fixing.
 */
function NightlyCheck({ check }: { check: NonNullable<Dashboard['nightlyCheck']> }) {
  const time = <time dateTime={check.startedAt}>{at(check.startedAt)}</time>;
  if (check.unnamedPages === 0)
    return (
      <div className="nightly-check">
        <p>자정 점검({time}): 이상 없음</p>
      </div>
    );
  const more = check.unnamedPages - check.files.length;
  return (
    <div className="nightly-check">
      <p className="publish-failed">
        자정 점검({time}): 데이터가 바뀌었는데 바로 다시 게시되지 않은 페이지{' '}
        {check.unnamedPages.toLocaleString('ko-KR')}개를 찾았습니다. 자정 빌드로 바로잡았지만
        그때까지 예전 내용이 보였습니다. 개발 담당자에게 알려 주세요.
      </p>
      <ul className="nightly-files">
        {check.files.map((path) => (
          <li key={path}>
            <a href={encodeURI(path)}>{path}</a>
          </li>
        ))}
        {more > 0 ? <li>외 {more.toLocaleString('ko-KR')}개</li> : null}
      </ul>
    </div>
  );
}

/** /admin/dashboard: counts, recent changes and the publishing state. */
export default function DashboardScreen() {
  const { access } = useConsole();
  const { data, error, loading } = useApiData(() => getDashboard(access.mainId), [access.mainId]);
  return (
    <section className="screen">
      <ScreenHeader title="대시보드" />
      {error ? <StatusMessage kind="error">{error}</StatusMessage> : null}
      {loading && !data ? <Loading /> : null}
      {data ? (
        <>
          <p>
            {data.main.name} · 활성 시즌: {data.activeSeason?.seasonName ?? '없음'}
          </p>
          {allows(access, 'records') ? <RecordQueue mainId={access.mainId} /> : null}
          <Counts counts={data.counts} />
          <section aria-labelledby="dash-publish">
            <h2 id="dash-publish">공개 사이트 게시 상태</h2>
            {data.latestPublish ? (
              <p className={`publish publish-${data.latestPublish.status}`}>
                {publishNames[data.latestPublish.status]} · {at(data.latestPublish.startedAt)}
                {data.latestPublish.pages != null ? ` · ${data.latestPublish.pages}페이지` : ''}
                {data.latestPublish.durationMs != null
                  ? ` · ${(data.latestPublish.durationMs / 1000).toFixed(1)}초`
                  : ''}
                {data.latestPublish.error ? ` · 오류: ${data.latestPublish.error}` : ''}
              </p>
            ) : (
              <p>아직 게시한 적이 없습니다.</p>
            )}
            {data.nightlyCheck ? <NightlyCheck check={data.nightlyCheck} /> : null}
          </section>
          {data.recentAudit ? (
            <section aria-labelledby="dash-backup">
              <h2 id="dash-backup">백업</h2>
              {data.lastBackup ? (
                <p>
                  마지막 백업:{' '}
                  <time dateTime={data.lastBackup.createdAt}>{at(data.lastBackup.createdAt)}</time>{' '}
                  · {(data.lastBackup.bytes / 1024 / 1024).toFixed(1)}MB · {data.lastBackup.file}
                </p>
              ) : (
                <p>아직 백업이 없습니다.</p>
              )}
            </section>
          ) : null}
          {data.recentAudit ? (
            <section aria-labelledby="dash-audit">
              <h2 id="dash-audit">최근 변경</h2>
              {data.recentAudit.length === 0 ? (
                <p>변경 기록이 없습니다.</p>
              ) : (
                <ul className="audit-list">
                  {data.recentAudit.map((entry) => (
                    <li key={entry.id}>
                      <time dateTime={entry.at}>{at(entry.at)}</time> · {entry.userName ?? '시스템'}{' '}
                      · {entityNames[entry.entity] ?? entry.entity}
                      {entry.entityId ? ` #${entry.entityId}` : ''}{' '}
                      {actionNames[entry.action] ?? entry.action}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
