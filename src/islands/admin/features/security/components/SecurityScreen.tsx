import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { FormField } from '../../../components/FormField.tsx';
import { Loading, StatusMessage } from '../../../components/StatusMessage.tsx';
import { errorMessage, useApiData } from '../../../lib/use-api-data.ts';
import { ScreenHeader } from '../../../components/ScreenHeader.tsx';
import {
  disableTotp,
  enableTotp,
  getTotpState,
  renewRecoveryCodes,
  startTotpSetup,
} from '../api/totp.ts';
import type { OwnerProof, TotpState } from '../api/totp.ts';
import { QrCode } from './QrCode.tsx';
import { RequirementSetting } from './RequirementSetting.tsx';
import { useConsole } from '../../../use-console.ts';
import { allows } from '../../../lib/permissions.ts';

type Note = { kind: 'success' | 'error'; text: string } | null;

/** The secret in groups of four, as it is typed into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** The recovery codes, shown once after they are made. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="totp-recovery">
      <h2 id={headingId}>복구 코드</h2>
      <p>
        휴대폰을 잃어버렸을 때 일회용 코드 대신 쓰는 코드입니다. 하나에 한 번씩만 쓸 수 있고, 이
        화면을 떠나면 다시 볼 수 없습니다. 인쇄하거나 안전한 곳에 적어 두세요.
      </p>
      <ol className="totp-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="form-actions">
        <button type="button" className="primary" onClick={onDone}>
          적어 두었습니다
        </button>
      </div>
    </section>
  );
}

/** Set-up: the QR code and the secret, then a code from the app turns it on. */
function Setup({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const [setup, setSetup] = useState<{ secret: string; otpauthUrl: string } | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note>(null);
  const [codeError, setCodeError] = useState<string>();

  const start = async () => {
    setBusy(true);
    setNote(null);
    try {
      setSetup(await startTotpSetup());
    } catch (error) {
      setNote({ kind: 'error', text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const enable = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setCodeError('인증 앱에 표시된 6자리 숫자를 입력해 주세요.');
      return;
    }
    setBusy(true);
    setCodeError(undefined);
    try {
      onEnabled((await enableTotp(code.trim())).recoveryCodes);
    } catch (error) {
      setCodeError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  if (!setup)
    return (
      <>
        <p>
          로그인할 때 비밀번호와 함께 휴대폰 인증 앱(Google Authenticator, Microsoft Authenticator
          등)의 6자리 코드를 입력합니다. 비밀번호가 새어도 남이 들어올 수 없습니다.
        </p>
        <div className="form-actions">
          <button type="button" className="primary" onClick={start} disabled={busy}>
            {busy ? '준비하는 중…' : '2단계 인증 설정 시작'}
          </button>
        </div>
        {note ? <StatusMessage kind={note.kind}>{note.text}</StatusMessage> : null}
      </>
    );

  return (
    <form onSubmit={enable} noValidate className="totp-setup">
      <ol className="totp-steps">
        <li>
          <p>인증 앱에서 QR 코드를 찍으세요.</p>
          <QrCode text={setup.otpauthUrl} />
        </li>
        <li>
          <p>찍을 수 없으면 앱에 이 키를 직접 입력하세요 (시간 기반).</p>
          <p>
            <code className="totp-secret" data-secret={setup.secret}>
              {grouped(setup.secret)}
            </code>
          </p>
        </li>
        <li>
          <FormField label="앱에 표시된 6자리 코드" error={codeError} required>
            {(control) => (
              <input
                {...control}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
              />
            )}
          </FormField>
        </li>
      </ol>
      <div className="form-actions">
        <button type="submit" className="primary" disabled={busy}>
          {busy ? '확인하는 중…' : '2단계 인증 켜기'}
        </button>
      </div>
    </form>
  );
}

/** Turned on: new recovery codes, or off, each after a current code or the password. */
function Manage({ state, onChanged }: { state: TotpState; onChanged: (codes?: string[]) => void }) {
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note>(null);

  const proof = (): OwnerProof | null =>
    code.trim() ? { code: code.trim() } : password ? { password } : null;

  const act = async (what: 'renew' | 'disable') => {
    const given = proof();
    if (!given) {
      setNote({ kind: 'error', text: '지금의 일회용 코드나 비밀번호를 입력해 주세요.' });
      return;
    }
    setBusy(true);
    setNote(null);
    try {
      if (what === 'renew') onChanged((await renewRecoveryCodes(given)).recoveryCodes);
      else {
        await disableTotp(given);
        onChanged();
      }
    } catch (error) {
      setNote({ kind: 'error', text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p>
        2단계 인증을 쓰고 있습니다. 남은 복구 코드: <strong>{state.recoveryCodesLeft}개</strong>
      </p>
      <p>복구 코드를 새로 받거나 2단계 인증을 끄려면 지금의 일회용 코드나 비밀번호를 입력하세요.</p>
      <form onSubmit={(e) => e.preventDefault()} noValidate>
        <FormField label="일회용 코드">
          {(control) => (
            <input
              {...control}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
            />
          )}
        </FormField>
        <FormField label="또는 비밀번호">
          {(control) => (
            <input
              {...control}
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="current-password"
            />
          )}
        </FormField>
        <div className="form-actions">
          <button type="button" onClick={() => act('renew')} disabled={busy}>
            복구 코드 새로 받기
          </button>
          {state.requiredBy.length > 0 ? null : (
            <button type="button" className="danger" onClick={() => act('disable')} disabled={busy}>
              2단계 인증 끄기
            </button>
          )}
        </div>
      </form>
      {note ? <StatusMessage kind={note.kind}>{note.text}</StatusMessage> : null}
    </>
  );
}

/** /admin/security: the signed-in user's second factor (decision 147). */
export default function SecurityScreen() {
  const { access, config } = useConsole();
  const state = useApiData(getTotpState, []);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [note, setNote] = useState<Note>(null);

  const changed = (newCodes?: string[]) => {
    if (newCodes) setCodes(newCodes);
    else setNote({ kind: 'success', text: '2단계 인증을 껐습니다.' });
    state.reload();
  };

  return (
    <>
      <ScreenHeader title="2단계 인증" />
      {state.data?.setupRequired ? (
        <StatusMessage kind="error">
          {state.data.requiredBy.join(', ')}에서 관리자에게 2단계 인증을 요구합니다. 설정하기 전에는
          저장이나 삭제를 할 수 없습니다.
        </StatusMessage>
      ) : null}
      {note ? <StatusMessage kind={note.kind}>{note.text}</StatusMessage> : null}
      {state.error ? <StatusMessage kind="error">{state.error}</StatusMessage> : null}
      {codes ? (
        <>
          <StatusMessage kind="success" focus key={codes[0]}>
            2단계 인증이 켜져 있습니다. 다음 로그인부터 일회용 코드를 물어봅니다.
          </StatusMessage>
          <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
        </>
      ) : state.loading && !state.data ? (
        <Loading />
      ) : state.data?.enabled ? (
        <Manage state={state.data} onChanged={changed} />
      ) : state.data ? (
        <Setup onEnabled={changed} />
      ) : null}
      {allows(access, 'association') ? (
        <RequirementSetting mainId={access.mainId} mainName={config.defaultMainName} />
      ) : null}
    </>
  );
}
