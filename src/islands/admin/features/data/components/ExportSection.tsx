import { useId, useState } from 'react';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { errorMessage } from '../../../lib/use-api-data.ts';
import { josa } from '../../../../../lib/validation/index.ts';
import { downloadExport } from '../api/download-export.ts';
import { formatBytes } from '../../../../../lib/format-bytes.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** Downloads the whole-association export file. */
export function ExportSection() {
  const headingId = useId();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const download = async () => {
    setBusy(true);
    setResult(null);
    try {
      const { blob, fileName } = await downloadExport(reason);
      saveFile(blob, fileName);
      setResult({
        kind: 'success',
        text: `${josa(fileName, '을/를')} 내려받았습니다 (${formatBytes(blob.size)}).`,
      });
    } catch (error) {
      setResult({ kind: 'error', text: `내보내지 못했습니다. ${errorMessage(error)}` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>내보내기</h2>
      <p>
        협회의 모든 데이터(시즌, 리그, 팀, 선수, 지도자, 경기 기록, 공지, 계정, 첨부 파일)를 JSON
        파일 하나로 내려받습니다. 새 서버로 옮기거나 시험용 사본을 만들 때 씁니다. 서버는 멈추지
        않아도 됩니다.
      </p>
      <p>
        <strong>
          파일에 비밀번호 해시와 개인 정보가 들어 있습니다. 데이터베이스만큼 조심해서 보관하세요.
        </strong>
      </p>
      <div className="field">
        <label htmlFor={reasonId}>내려받는 사유</label>
        <input
          id={reasonId}
          type="text"
          maxLength={200}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-describedby={`${reasonId}-hint`}
        />
        <p id={`${reasonId}-hint`} className="hint">
          개인정보가 담긴 파일이라 사유가 필요합니다. 사유는 개인정보 접속기록에 남습니다.
        </p>
      </div>
      <div className="form-actions">
        <button type="button" onClick={download} disabled={busy}>
          {busy ? '내보내는 중…' : '내보내기'}
        </button>
      </div>
      {result ? <StatusMessage kind={result.kind}>{result.text}</StatusMessage> : null}
    </section>
  );
}
