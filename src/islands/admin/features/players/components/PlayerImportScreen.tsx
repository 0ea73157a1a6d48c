import '../../../lib/korean-zod.ts';
import { useRef, useState } from 'react';
import { ScreenHeader } from '../../../components/ScreenHeader.tsx';
import { SheetFileField } from '../../../components/SheetFileField.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { errorMessage } from '../../../lib/use-api-data.ts';
import { Link } from '../../../router/Link.tsx';
import { adminPaths } from '../../../paths.ts';
import { useConsole } from '../../../use-console.ts';
import { describePlayer } from '../../../../../lib/describe-player.ts';
import { importPlayers, importPlayersSchema } from '../api/import-players.ts';
import type {
  PlayerImportChoices,
  PlayerImportResult,
  PlayerImportRow,
} from '../api/import-players.ts';

type Person = PlayerImportRow['sameName'][number];

const identity = (p: Person) =>
  describePlayer({ name: p.name, teams: p.teamName ? [p.teamName] : [], birthDate: p.birthDate });

const birthText = (row: PlayerImportRow) =>
  row.birthDate ?? (row.birthYear !== null ? `${row.birthYear}년생` : '—');

/** Rows whose name an existing person already has and whose person nobody has picked yet. */
const unanswered = (rows: readonly PlayerImportRow[], choices: PlayerImportChoices) =>
  rows.filter((r) => r.sameName.length > 0 && choices[String(r.line)] === undefined);

/** The answers the server already knows: a same-name person with the same birth date is that person. */
function initialChoices(rows: readonly PlayerImportRow[]): PlayerImportChoices {
  const choices: PlayerImportChoices = {};
  for (const r of rows) if (r.person !== 'new') choices[String(r.line)] = r.person;
  return choices;
}

/** Why the import cannot start yet, or null when it can. */
function blockedReason(preview: PlayerImportResult, choices: PlayerImportChoices): string | null {
  if (preview.rows.length === 0) return '파일에 선수 행이 없습니다.';
  const bad = preview.rows.filter((r) => r.problems.length > 0).length;
  const open = unanswered(preview.rows, choices).length;
  const reasons = [];
  if (bad > 0) reasons.push(`문제가 있는 행이 ${bad}개 있습니다. 파일을 고쳐 다시 올려 주세요.`);
  if (open > 0) reasons.push(`같은 이름의 선수가 있는 ${open}개 행에서 같은 사람인지 골라 주세요.`);
  return reasons.length > 0 ? `아직 등록할 수 없습니다. ${reasons.join(' ')}` : null;
}

/** What a row will do, in the words staff use. */
function rowStatus(row: PlayerImportRow, choice: number | 'new' | undefined): string {
  if (row.sameName.length > 0 && choice === undefined)
    return '같은 사람인지 표 아래에서 골라 주세요.';
  const person = choice ?? row.person;
  if (person === 'new')
    return row.teamId !== null ? `새 선수 등록, ${row.team} 소속` : '새 선수 등록';
  // The server refuses a chosen person who plays for another team, so a team here is this one.
  const current = row.sameName.find((p) => p.playerId === person)?.teamName;
  if (row.teamId === null || current) return '이미 등록된 선수 (바뀌는 것 없음)';
  return `이미 등록된 선수, ${row.team} 소속 추가`;
}

function SameNameChoice({
  row,
  choice,
  describedBy,
  onChoose,
}: {
  row: PlayerImportRow;
  choice: number | 'new' | undefined;
  describedBy: string;
  onChoose: (person: number | 'new') => void;
}) {
  const group = `same-name-${row.line}`;
  return (
    <fieldset className="same-name-choice" aria-describedby={describedBy}>
      <legend>{`${row.line}행 ${row.name}: 같은 사람인가요?`}</legend>
      <p className="hint">{`파일의 행: ${row.name} · ${row.team || '팀 없음'} · ${birthText(row)}`}</p>
      {row.sameName.map((p) => (
        <label key={p.playerId} className="choice">
          <input
            type="radio"
            name={group}
            checked={choice === p.playerId}
            onChange={() => onChoose(p.playerId)}
          />
          {`같은 사람: ${identity(p)}`}
        </label>
      ))}
      <label className="choice">
        <input
          type="radio"
          name={group}
          checked={choice === 'new'}
          onChange={() => onChoose('new')}
        />
        다른 사람 (새로 등록)
      </label>
    </fieldset>
  );
}

function Preview({
  result,
  choices,
  onChoose,
}: {
  result: PlayerImportResult;
  choices: PlayerImportChoices;
  onChoose: (line: number, person: number | 'new') => void;
}) {
  const bad = result.rows.filter((r) => r.problems.length > 0).length;
  const asked = result.rows.filter((r) => r.sameName.length > 0).length;
  return (
    <section aria-labelledby="import-preview">
      <h2 id="import-preview">미리보기</h2>
      <StatusMessage kind={bad > 0 || result.rows.length === 0 ? 'error' : 'success'}>
        {result.rows.length === 0
          ? '파일에 선수 행이 없습니다.'
          : bad > 0
            ? `${result.rows.length}행 중 ${bad}행에 문제가 있습니다. 파일을 고쳐 다시 올려 주세요. 아무것도 저장하지 않았습니다.`
            : `선수 ${result.rows.length}명을 읽었습니다.`}
      </StatusMessage>
      {asked > 0 ? (
        <StatusMessage kind="info">
          {`${asked}개 행은 협회에 같은 이름의 선수가 있습니다. 표 아래에서 행마다 같은 사람인지 다른 사람인지 골라 주세요.`}
        </StatusMessage>
      ) : null}
      {/* Wider than a phone: the box scrolls sideways (not the page), as the public tables' boxes do. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box must take the keyboard to scroll (axe scrollable-region-focusable) */}
      <div className="table-scroll" role="region" aria-label="파일의 선수 행" tabIndex={0}>
        <table className="upload-preview player-import-preview">
          <caption>파일의 선수 행</caption>
          <thead>
            <tr>
              <th scope="col">행</th>
              <th scope="col">이름</th>
              <th scope="col">생년월일</th>
              <th scope="col">팀</th>
              <th scope="col">등번호</th>
              <th scope="col">상태</th>
            </tr>
          </thead>
          <tbody>
            {result.rows.map((row) => {
              const statusId = `import-row-${row.line}-status`;
              return (
                <tr key={row.line} className={row.problems.length ? 'row-invalid' : undefined}>
                  <th scope="row">{row.line}</th>
                  <td>{row.name || '—'}</td>
                  <td>{birthText(row)}</td>
                  <td>
                    {row.team || '—'}
                    {row.team && row.teamId === null ? ' ⚠' : ''}
                  </td>
                  <td>{row.backNumber ?? '—'}</td>
                  <td id={statusId}>
                    {row.problems.length > 0 ? (
                      <ul className="problems">
                        {row.problems.map((p) => (
                          <li key={p}>{p}</li>
                        ))}
                      </ul>
                    ) : (
                      rowStatus(row, choices[String(row.line)])
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {/* Below the table, full width: on a phone a question inside a narrow cell is hard to read. */}
      {asked > 0 ? (
        <section aria-labelledby="same-name-questions">
          <h3 id="same-name-questions">같은 이름의 선수</h3>
          {result.rows
            .filter((row) => row.sameName.length > 0)
            .map((row) => (
              <SameNameChoice
                key={row.line}
                row={row}
                choice={choices[String(row.line)]}
                describedBy={`import-row-${row.line}-status`}
                onChoose={(person) => onChoose(row.line, person)}
              />
            ))}
        </section>
      ) : null}
    </section>
  );
}

/** /admin/team-players/import: players with their team and back number from a spreadsheet, previewed before they are stored. */
export default function PlayerImportScreen() {
  const { access } = useConsole();
  const input = useRef<HTMLInputElement>(null);
  // Only the answer to the latest request is shown, when choices change faster than the server answers.
  const request = useRef(0);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<PlayerImportResult | null>(null);
  const [choices, setChoices] = useState<PlayerImportChoices>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const check = (dryRun: boolean, picked: PlayerImportChoices) => {
    const parsed = importPlayersSchema.safeParse({ file, dryRun, choices: picked });
    if (!parsed.success) {
      setFileError(parsed.error.issues[0]?.message ?? '선수 파일을 선택해 주세요.');
      return null;
    }
    setFileError(null);
    return parsed.data;
  };

  /** Reads the file again with the answers so far: the server checks each chosen person. */
  const runPreview = async (picked: PlayerImportChoices | null) => {
    const values = check(true, picked ?? {});
    if (!values) return;
    const mine = ++request.current;
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const result = await importPlayers(access.mainId, values);
      if (mine !== request.current) return;
      setPreview(result);
      setChoices(picked ?? initialChoices(result.rows));
    } catch (e) {
      if (mine !== request.current) return;
      setPreview(null);
      setError(errorMessage(e));
    } finally {
      if (mine === request.current) setBusy(false);
    }
  };

  const runImport = async () => {
    const values = check(false, choices);
    if (!values) return;
    const result = await importPlayers(access.mainId, values);
    const skipped =
      result.skipped > 0
        ? ` 이미 등록되어 바뀐 것이 없는 ${result.skipped}명은 건너뛰었습니다.`
        : '';
    setDone(
      `선수 파일을 가져왔습니다. 새 선수 ${result.created}명을 등록하고 팀 소속 ${result.careers}건을 추가했습니다.${skipped}`,
    );
    setPreview(null);
    setChoices({});
    setFile(null);
    if (input.current) input.current.value = '';
  };

  const blocked = preview ? blockedReason(preview, choices) : null;
  const count = preview?.rows.length ?? 0;
  const fresh = preview
    ? preview.rows.filter((r) => (choices[String(r.line)] ?? r.person) === 'new').length
    : 0;

  return (
    <section className="screen">
      <ScreenHeader title="선수 일괄 등록">
        <Link href={adminPaths.players}>선수 관리로 돌아가기</Link>
      </ScreenHeader>
      <ol className="steps">
        <li>
          첫 행에 열 이름을 적은 엑셀(xlsx)이나 CSV 파일을 준비합니다. 열: 이름(필수), 생년월일(예:
          2001-05-10, 연도만 적어도 됨), 팀(팀 이름이나 약칭), 등번호, 포지션. 열 순서는 자유입니다.
        </li>
        <li>
          파일을 골라 미리보기로 행마다 문제를 확인합니다. 협회에 같은 이름의 선수가 있으면 그
          선수의 팀과 출생 연도를 보고 같은 사람인지 다른 사람인지 고릅니다.
        </li>
        <li>
          문제가 없으면 등록을 누릅니다. 팀이 적힌 선수는 오늘부터 그 팀 소속(등번호 포함)으로
          등록됩니다.
        </li>
      </ol>
      <SheetFileField
        label="선수 파일 (xlsx, csv)"
        error={fileError}
        inputRef={input}
        onChoose={(chosen) => {
          setFile(chosen);
          setPreview(null);
          setChoices({});
          setDone(null);
        }}
      />
      <div className="form-actions">
        <button type="button" onClick={() => runPreview(null)} disabled={busy}>
          {busy ? '읽는 중…' : '미리보기'}
        </button>
        <button
          type="button"
          className="primary"
          disabled={!preview || blocked !== null || busy}
          aria-describedby={blocked ? 'import-blocked' : undefined}
          onClick={() => setConfirming(true)}
        >
          등록
        </button>
        {blocked ? (
          <p id="import-blocked" className="form-actions-note">
            {blocked}
          </p>
        ) : null}
      </div>
      {/* Before the result in the tree: the dialog closes (its effect runs first) before the result
          takes the focus, which an element behind an open modal dialog cannot. */}
      <ConfirmDialog
        open={confirming}
        title="선수 등록"
        confirmLabel="등록"
        tone="primary"
        onClose={() => setConfirming(false)}
        onConfirm={runImport}
      >
        <p>{`파일의 ${count}행을 등록할까요? 새 선수 ${fresh}명을 만들고, 팀이 적힌 선수는 오늘부터 그 팀 소속이 됩니다.`}</p>
      </ConfirmDialog>
      {error ? <StatusMessage kind="error">{error}</StatusMessage> : null}
      {done && !confirming ? (
        <StatusMessage key={done} kind="success" focus>
          {done}
        </StatusMessage>
      ) : null}
      {preview ? (
        <Preview
          result={preview}
          choices={choices}
          onChoose={(line, person) => runPreview({ ...choices, [String(line)]: person })}
        />
      ) : null}
    </section>
  );
}
