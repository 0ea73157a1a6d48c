import '../../../lib/korean-zod.ts';
import { useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { FormField } from '../../../components/FormField.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { api } from '../../../../../lib/api-client.ts';
import { josa } from '../../../../../lib/validation/index.ts';
import { importData, importDataSchema } from '../api/import-data.ts';
import type { ImportDataInput, ImportResult } from '../api/import-data.ts';

function Imported({ result }: { result: ImportResult }) {
  return (
    <>
      <StatusMessage kind="success">
        가져왔습니다: 표 {result.tables}개, 행 {result.rows.toLocaleString('ko-KR')}개, 첨부 파일{' '}
        {result.uploads}개.
        {result.upgradedFrom ? ' 이전 버전의 파일이라 현재 스키마로 올려서 가져왔습니다.' : ''}
      </StatusMessage>
      <p>계정도 파일의 것으로 바뀌었습니다. 내보낸 서버의 계정으로 다시 로그인해 주세요.</p>
      <button type="button" className="primary" onClick={() => void api.logout()}>
        다시 로그인
      </button>
    </>
  );
}

/** Loads an export file into an empty instance, after a confirmation. */
export function ImportSection() {
  const headingId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<ImportDataInput | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);

  const ask = () => {
    const parsed = importDataSchema.safeParse({ file });
    if (!parsed.success) {
      setFileError(parsed.error.issues[0]?.message ?? '가져올 내보내기 파일을 선택해 주세요.');
      return;
    }
    setFileError(null);
    setChosen(parsed.data);
  };

  const run = async () => {
    if (!chosen) return;
    setResult(await importData(chosen));
    setFile(null);
    if (input.current) input.current.value = '';
  };

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>가져오기</h2>
      <p>
        내보내기 파일은 <strong>빈 인스턴스</strong>, 곧 시즌·팀·선수·경기·공지가 하나도 없는 새
        서버에만 가져올 수 있습니다. 데이터가 있는 서버에서는 아무것도 바꾸지 않고 거절합니다.
        가져오기는 전부 되거나 하나도 되지 않습니다.
      </p>
      <p>
        가져오면 처음 만든 관리자 계정도 파일의 계정으로 바뀝니다. 25MB를 넘는 파일은 서버를 멈춘 뒤{' '}
        <code>npm run import -- 파일 이름</code>으로 가져오세요.
      </p>
      <FormField label="내보내기 파일 (.json)" error={fileError ?? undefined}>
        {(field) => (
          <input
            {...field}
            ref={input}
            type="file"
            accept=".json,application/json"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setFileError(null);
              setResult(null);
            }}
          />
        )}
      </FormField>
      <div className="form-actions">
        <button type="button" onClick={ask}>
          가져오기
        </button>
      </div>
      {result ? <Imported result={result} /> : null}
      <ConfirmDialog
        open={chosen !== null}
        title="데이터 가져오기"
        confirmLabel="가져오기"
        onClose={() => setChosen(null)}
        onConfirm={run}
      >
        <p>{chosen ? `${josa(chosen.file.name, '을/를')} 이 서버에 가져올까요?` : ''}</p>
        <p>빈 인스턴스가 아니면 아무것도 바꾸지 않고 거절합니다.</p>
      </ConfirmDialog>
    </section>
  );
}
