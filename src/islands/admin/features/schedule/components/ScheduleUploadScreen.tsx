import '../../../lib/korean-zod.ts';
import { useRef, useState } from 'react';
import { ScreenHeader } from '../../../components/ScreenHeader.tsx';
import { SheetFileField } from '../../../components/SheetFileField.tsx';
import { Loading, StatusMessage } from '../../../components/StatusMessage.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { useApiData, errorMessage } from '../../../lib/use-api-data.ts';
import { Link } from '../../../router/Link.tsx';
import { adminPaths } from '../../../paths.ts';
import type { ScreenProps } from '../../../screen-props.ts';
import { getLeague } from '../../../api/get-league.ts';
import { WorkContext } from '../../../components/WorkContext.tsx';
import {
  scheduleTemplateUrl,
  uploadScheduleFile,
  uploadScheduleSchema,
} from '../api/upload-schedule-file.ts';
import type { ScheduleFileResult } from '../api/upload-schedule-file.ts';
import { deleteScheduleFile } from '../api/delete-schedule-file.ts';

/** What a preview adds: new games, games already in the schedule, rows dated outside the league. */
function counts(result: ScheduleFileResult) {
  const fresh = result.rows.filter((r) => !r.skipped);
  return {
    fresh: fresh.length,
    skipped: result.skipped,
    warned: fresh.filter((r) => r.warnings.length > 0).length,
  };
}

function Preview({ result }: { result: ScheduleFileResult }) {
  const bad = result.rows.filter((r) => r.problems.length > 0).length;
  const { fresh, skipped, warned } = counts(result);
  const skippedNote = skipped > 0 ? ` 이미 일정에 있는 ${skipped}경기는 건너뜁니다.` : '';
  return (
    <section aria-labelledby="upload-preview">
      <h2 id="upload-preview">미리보기</h2>
      <StatusMessage kind={result.valid ? 'success' : 'error'}>
        {result.rows.length === 0
          ? '파일에 경기 행이 없습니다.'
          : result.valid
            ? `새 경기 ${fresh}개를 가져올 수 있습니다.${skippedNote}`
            : bad === 0
              ? `파일의 ${skipped}경기가 모두 이미 일정에 있습니다. 새로 가져올 경기가 없습니다.`
              : `${result.rows.length}행 중 ${bad}행에 문제가 있습니다. 파일을 고쳐 다시 올려 주세요. 아무것도 저장하지 않았습니다.`}
      </StatusMessage>
      {warned > 0 ? (
        <StatusMessage kind="info">
          {`${warned}경기의 날짜가 리그 기간 밖입니다. 날짜가 맞는지 확인한 뒤 가져오세요.`}
        </StatusMessage>
      ) : null}
      <div className="table-scroll">
        <table className="upload-preview">
          <caption>파일의 경기 행</caption>
          <thead>
            <tr>
              <th scope="col">행</th>
              <th scope="col">번호</th>
              <th scope="col">날짜</th>
              <th scope="col">시간</th>
              <th scope="col">구장</th>
              <th scope="col">홈 팀</th>
              <th scope="col">원정 팀</th>
              <th scope="col">문제</th>
            </tr>
          </thead>
          <tbody>
            {result.rows.map((row) => (
              <tr key={row.line} className={row.problems.length ? 'row-invalid' : undefined}>
                <th scope="row">{row.line}</th>
                <td>{row.gameNo ?? '자동'}</td>
                <td>{row.date ?? '—'}</td>
                <td>{row.time ?? '—'}</td>
                <td>{row.venue || '—'}</td>
                <td>
                  {row.home}
                  {row.homeTeamId ? '' : ' ⚠'}
                </td>
                <td>
                  {row.away}
                  {row.awayTeamId ? '' : ' ⚠'}
                </td>
                <td>
                  {row.problems.length || row.warnings.length ? (
                    <ul className="problems">
                      {row.problems.map((p) => (
                        <li key={p}>{p}</li>
                      ))}
                      {row.warnings.map((w) => (
                        <li key={w}>확인: {w}</li>
                      ))}
                    </ul>
                  ) : row.skipped ? (
                    '이미 일정에 있음 (건너뜀)'
                  ) : (
                    '없음'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** /admin/league/{seasonId}/{leagueId}/schedule/uploadFile: a schedule from a spreadsheet, previewed before import. */
export default function ScheduleUploadScreen({ params }: ScreenProps) {
  const seasonId = Number(params.seasonId);
  const leagueId = Number(params.leagueId);
  const input = useRef<HTMLInputElement>(null);
  const league = useApiData(() => getLeague(leagueId), [leagueId]);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<ScheduleFileResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);

  const check = (dryRun: boolean) => {
    const parsed = uploadScheduleSchema.safeParse({ file, dryRun });
    if (!parsed.success) {
      setFileError(parsed.error.issues[0]?.message ?? '일정 파일을 선택해 주세요.');
      return null;
    }
    setFileError(null);
    return parsed.data;
  };

  const runPreview = async () => {
    const values = check(true);
    if (!values) return;
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      setPreview(await uploadScheduleFile(leagueId, values));
    } catch (e) {
      setPreview(null);
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const runImport = async () => {
    const values = check(false);
    if (!values) return;
    const result = await uploadScheduleFile(leagueId, values);
    setDone(
      result.skipped > 0
        ? `${result.imported}경기를 가져왔습니다. 이미 일정에 있던 ${result.skipped}경기는 건너뛰었습니다.`
        : `${result.imported}경기를 가져왔습니다.`,
    );
    setPreview(null);
    setFile(null);
    if (input.current) input.current.value = '';
    league.reload();
  };

  return (
    <section className="screen">
      <ScreenHeader
        title={league.data ? `${league.data.leagueName} 일정 파일 올리기` : '일정 파일 올리기'}
      >
        <Link href={adminPaths.schedule(league.data?.seasonId ?? seasonId, leagueId)}>
          경기 일정 보기
        </Link>
      </ScreenHeader>
      {league.data ? (
        <WorkContext seasonName={league.data.seasonName} leagueName={league.data.leagueName} />
      ) : null}
      {league.data && league.data.seasonId !== seasonId ? (
        <StatusMessage kind="error">
          주소의 시즌과 이 리그의 시즌({league.data.seasonName})이 다릅니다. 리그 관리에서 다시 열어
          주세요.
        </StatusMessage>
      ) : null}
      {!league.data ? (
        league.error ? (
          <StatusMessage kind="error">{league.error}</StatusMessage>
        ) : (
          <Loading />
        )
      ) : null}
      <ol className="steps">
        <li>
          <a href={scheduleTemplateUrl(leagueId)} download>
            CSV 양식 내려받기
          </a>{' '}
          (열: 날짜, 시간, 구장, 홈팀, 원정팀, 라운드, 경기번호). 엑셀(xlsx)도 올릴 수 있습니다.
        </li>
        <li>
          파일을 골라 미리보기로 행마다 문제를 확인합니다. 팀 이름은 띄어쓰기와 대소문자를 가리지
          않고 팀 이름이나 약칭과 맞춥니다.
        </li>
        <li>
          문제가 없으면 가져오기를 눌러 경기를 추가합니다. 이미 일정에 있는 경기(같은 날, 시간,
          홈·원정 팀)는 건너뛰므로 전체 일정 파일을 다시 올려도 됩니다.
        </li>
      </ol>
      <SheetFileField
        label="일정 파일 (xlsx, csv)"
        error={fileError}
        inputRef={input}
        onChoose={(chosen) => {
          setFile(chosen);
          setPreview(null);
          setDone(null);
        }}
      />
      <div className="form-actions">
        <button type="button" onClick={runPreview} disabled={busy}>
          {busy ? '읽는 중…' : '미리보기'}
        </button>
        <button
          type="button"
          className="primary"
          disabled={!preview?.valid || busy}
          onClick={() => setConfirming(true)}
        >
          가져오기
        </button>
      </div>
      {error ? <StatusMessage kind="error">{error}</StatusMessage> : null}
      {done ? (
        <StatusMessage key={done} kind="success" focus>
          {done}
        </StatusMessage>
      ) : null}
      {preview ? <Preview result={preview} /> : null}
      {league.data?.scheduleUploadId ? (
        <section aria-labelledby="stored-file">
          <h2 id="stored-file">저장된 일정 파일</h2>
          <p>
            이 리그에는 올린 일정 파일이 저장되어 있습니다. 저장된 파일을 지워도 이미 추가된 경기는
            그대로 남습니다.
          </p>
          <button type="button" className="danger" onClick={() => setRemoving(true)}>
            저장된 파일 지우기
          </button>
        </section>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="일정 가져오기"
        confirmLabel="가져오기"
        onClose={() => setConfirming(false)}
        onConfirm={runImport}
      >
        <p>
          {preview
            ? `새 경기 ${counts(preview).fresh}개를 ${league.data?.leagueName ?? '리그'} 일정에 추가할까요?`
            : ''}
        </p>
        {preview && counts(preview).warned > 0 ? (
          <p>{`이 가운데 ${counts(preview).warned}경기는 날짜가 리그 기간 밖입니다.`}</p>
        ) : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={removing}
        title="저장된 일정 파일 지우기"
        onClose={() => setRemoving(false)}
        onConfirm={async () => {
          await deleteScheduleFile({ leagueId });
          setDone('저장된 일정 파일을 지웠습니다.');
          league.reload();
        }}
      >
        <p>저장된 일정 파일을 지울까요? 경기는 지워지지 않습니다.</p>
      </ConfirmDialog>
      <p>
        <Link href={adminPaths.leagueTeams(seasonId, leagueId)}>참가 팀과 명단</Link>
      </p>
    </section>
  );
}
