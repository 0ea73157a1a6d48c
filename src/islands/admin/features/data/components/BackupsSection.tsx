import { useId, useState } from 'react';
import { DataTable } from '../../../components/DataTable.tsx';
import type { Column } from '../../../components/DataTable.tsx';
import { Loading, StatusMessage } from '../../../components/StatusMessage.tsx';
import { errorMessage, useApiData } from '../../../lib/use-api-data.ts';
import { createBackup } from '../api/create-backup.ts';
import { listBackups } from '../api/list-backups.ts';
import type { Backup, BackupList } from '../api/list-backups.ts';
import { formatBytes } from '../../../../../lib/format-bytes.ts';
import { seoulTime } from './seoul-time.ts';

const reasonNames: Readonly<Record<Backup['reason'], string>> = {
  scheduled: '정기 백업',
  manual: '관리자 요청',
  'pre-migration': '업그레이드 전 자동 백업',
  'command-line': '명령줄 (npm run backup)',
  'pre-import': '가져오기 전 자동 백업',
  unknown: '알 수 없음',
};

const columns: readonly Column<Backup>[] = [
  {
    key: 'createdAt',
    label: '만든 시각 (한국 시간)',
    sortValue: (b) => b.createdAt,
    render: (b) => <time dateTime={b.createdAt}>{seoulTime(b.createdAt)}</time>,
  },
  {
    key: 'reason',
    label: '종류',
    render: (b) => (b.by ? `${reasonNames[b.reason]} (${b.by})` : reasonNames[b.reason]),
  },
  { key: 'bytes', label: '크기', sortValue: (b) => b.bytes, render: (b) => formatBytes(b.bytes) },
  {
    key: 'uploads',
    label: '첨부 파일',
    render: (b) =>
      b.uploads?.files ? `${b.uploads.files}개 · ${formatBytes(b.uploads.bytes)}` : '없음',
  },
  { key: 'file', label: '파일 이름', render: (b) => b.file },
];

function Schedule({ list }: { list: BackupList }) {
  const { newest, days, weeks } = list.retention;
  return (
    <>
      <p>
        {list.intervalHours > 0
          ? `정기 백업은 ${list.intervalHours}시간마다 합니다.${list.nextAt ? ` 다음 예정: ${seoulTime(list.nextAt)}` : ''}`
          : '정기 백업이 꺼져 있습니다 (BACKUP_INTERVAL_HOURS=0). 업그레이드 전 자동 백업은 그대로 합니다.'}
      </p>
      <p>
        최근 {newest}개와, 최근 {days}일은 하루에 한 개, 최근 {weeks}주는 한 주에 한 개를 남기고
        오래된 백업은 지웁니다.
      </p>
    </>
  );
}

/** The kept backups and the 지금 백업 button. */
export function BackupsSection() {
  const headingId = useId();
  const list = useApiData(listBackups, []);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const backUp = async () => {
    setBusy(true);
    setResult(null);
    try {
      const backup = await createBackup();
      setResult({
        kind: 'success',
        text: `백업을 만들었습니다: ${backup.file} (${formatBytes(backup.bytes)})`,
      });
      list.reload();
    } catch (error) {
      setResult({ kind: 'error', text: `백업하지 못했습니다. ${errorMessage(error)}` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>백업</h2>
      <p>
        서버를 멈추지 않고 데이터베이스와 첨부 파일을 서버의 데이터 폴더(backups/)에 백업합니다.
      </p>
      {list.data ? <Schedule list={list.data} /> : null}
      <div className="form-actions">
        <button type="button" className="primary" onClick={backUp} disabled={busy}>
          {busy ? '백업하는 중…' : '지금 백업'}
        </button>
      </div>
      {result ? <StatusMessage kind={result.kind}>{result.text}</StatusMessage> : null}
      {list.error ? <StatusMessage kind="error">{list.error}</StatusMessage> : null}
      {list.loading && !list.data ? <Loading /> : null}
      {list.data ? (
        <DataTable
          caption="보관 중인 백업"
          rows={list.data.backups}
          columns={columns}
          rowKey={(b) => b.file}
          pageSize={50}
          empty="아직 백업이 없습니다."
        />
      ) : null}
      <p>
        복원은 서버를 멈춘 뒤 서버에서 <code>npm run restore -- 파일 이름</code>으로 합니다. 백업
        뒤에 저장한 내용은 사라지니 가장 최근의 정상 백업을 고르세요.
      </p>
    </section>
  );
}
