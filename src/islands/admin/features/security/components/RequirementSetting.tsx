import { useId, useState } from 'react';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { errorMessage, useApiData } from '../../../lib/use-api-data.ts';
import { getTotpRequirement, setTotpRequirement } from '../api/totp.ts';

/** The association's rule that its managers use a second factor (site admin, 협회 관리자). */
export function RequirementSetting({ mainId, mainName }: { mainId: number; mainName: string }) {
  const headingId = useId();
  const boxId = useId();
  const current = useApiData(() => getTotpRequirement(mainId), [mainId]);
  // the box turns at once and turns back if the server refuses
  const [checked, setChecked] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const change = async (required: boolean) => {
    setBusy(true);
    setNote(null);
    setChecked(required);
    try {
      await setTotpRequirement(mainId, required);
      setNote({
        kind: 'success',
        text: required
          ? '이제 이 협회의 관리자는 2단계 인증을 설정해야 저장할 수 있습니다.'
          : '관리자에게 2단계 인증을 요구하지 않습니다.',
      });
      current.reload();
    } catch (error) {
      setChecked(!required);
      setNote({ kind: 'error', text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>협회 설정</h2>
      {current.data ? (
        <div className="field field-inline">
          <input
            id={boxId}
            type="checkbox"
            checked={checked ?? current.data.required}
            disabled={busy}
            onChange={(e) => void change(e.target.checked)}
          />
          <span className="label-row">
            <label htmlFor={boxId}>{mainName}의 관리자(1~3급)에게 2단계 인증 요구</label>
          </span>
        </div>
      ) : null}
      {current.error ? <StatusMessage kind="error">{current.error}</StatusMessage> : null}
      {note ? <StatusMessage kind={note.kind}>{note.text}</StatusMessage> : null}
    </section>
  );
}
