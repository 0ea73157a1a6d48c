import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { saveFile } from '../../../lib/save-file.ts';
import { useConsole } from '../../../use-console.ts';
import { erasePersonData, exportPersonData } from '../api/person-data.ts';
import type { PersonPath } from '../api/person-data.ts';

interface Props {
  person: PersonPath;
  /** "홍길동 선수": who the request is about, as the dialogs name him */
  name: string;
  /** when his personal fields were erased, or undefined */
  erasedAt?: string;
  /** reloads the screen's person after an erasure */
  onErased: () => void;
}

type Asked = 'export' | 'erase' | null;

/**
 * 개인정보 요구 (decision 148): the site admin or a 협회 관리자 answers a person's request to see
 * (열람) or erase (삭제) his data. Each asks for the reason the request came with; the server
 * records it and refuses a request without one.
 */
export function PersonRightsActions({ person, name, erasedAt, onErased }: Props) {
  const { access } = useConsole();
  const [asked, setAsked] = useState<Asked>(null);
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const reasonId = useId();
  if (!access.isAdmin && access.grade !== 1) return null;

  const open = (what: Asked) => {
    setReason('');
    setDone(null);
    setAsked(what);
  };
  const act = async () => {
    if (asked === 'export') {
      const file = await exportPersonData(person, reason);
      saveFile(file.blob, file.fileName);
      setDone('열람 파일을 내려받았습니다. 요구와 사유는 감사 기록에 남았습니다.');
    } else {
      await erasePersonData(person, reason);
      setDone('개인정보를 지웠습니다. 이름과 경기 기록은 남습니다.');
      onErased();
    }
  };

  return (
    <section className="person-rights" aria-labelledby={`${reasonId}-title`}>
      <h2 id={`${reasonId}-title`}>개인정보 요구</h2>
      {erasedAt ? (
        <p className="person-erased">
          <strong>개인정보 삭제됨</strong> ({erasedAt.slice(0, 10)})
        </p>
      ) : null}
      <div className="person-rights-actions">
        <button type="button" onClick={() => open('export')}>
          열람 파일 내려받기
        </button>
        {erasedAt ? null : (
          <button type="button" className="danger" onClick={() => open('erase')}>
            개인정보 삭제
          </button>
        )}
      </div>
      {done ? <StatusMessage kind="success">{done}</StatusMessage> : null}
      <ConfirmDialog
        open={asked !== null}
        title={asked === 'erase' ? `${name}의 개인정보 삭제` : `${name}의 개인정보 열람`}
        confirmLabel={asked === 'erase' ? '삭제' : '내려받기'}
        tone={asked === 'erase' ? 'danger' : 'primary'}
        onConfirm={act}
        onClose={() => setAsked(null)}
      >
        <p>
          {asked === 'erase'
            ? '생년월일, 전화번호, 사진, 회원 연결을 지우고, 연결된 회원 계정은 이메일·이름을 지워 사용 중지합니다. 이름과 경력, 경기 기록은 협회 기록으로 남습니다. 되돌릴 수 없습니다.'
            : '포털이 이 사람에 대해 가진 모든 것(연결된 회원 계정과 기록 포함)을 JSON 파일로 내려받습니다.'}
        </p>
        <label htmlFor={reasonId}>요구 사유</label>
        <textarea
          id={reasonId}
          required
          rows={3}
          value={reason}
          placeholder="예: 본인 전화 요청, 11월 28일"
          onChange={(e) => setReason(e.target.value)}
        />
      </ConfirmDialog>
    </section>
  );
}
