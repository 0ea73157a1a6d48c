import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { errorMessage } from '../../../lib/use-api-data.ts';
import { gradeNames } from '../../../lib/permissions.ts';
import { josa } from '../../../../../lib/validation/index.ts';
import { grantManager } from '../api/grant-manager.ts';
import { changeManagerGrade } from '../api/change-manager-grade.ts';
import { revokeManager } from '../api/revoke-manager.ts';
import { addTeamManager } from '../api/add-team-manager.ts';
import { removeTeamManager } from '../api/remove-team-manager.ts';
import { setBoardRole } from '../api/set-board-role.ts';
import { removeBoardRole } from '../api/remove-board-role.ts';
import type { TeamOption } from '../api/list-team-options.ts';
import { NOTICE_BOARD } from './load-accounts.ts';
import type { Account, BoardRoleName, Grade } from './account-rows.ts';

interface Props {
  account: Account;
  mainId: number;
  /** the association's teams */
  teams: readonly TeamOption[];
  /** after a change, so the list shows the new roles */
  onChanged: () => void;
  onClose: () => void;
}

const boardRoleNames: Readonly<Record<BoardRoleName, string>> = {
  read: '읽기',
  write: '쓰기',
  admin: '관리',
};

/** The roles of one account in the association: its manager grade, the teams it manages and its notice-board role. */
export function AccountRoles({ account, mainId, teams, onChanged, onClose }: Props) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [grade, setGrade] = useState(account.grade ? String(account.grade) : '');
  const [teamId, setTeamId] = useState('');
  const [noticeRole, setNoticeRole] = useState<string>(account.noticeRole ?? '');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const name = `${account.username} 님`;
  const freeTeams = teams.filter((t) => !account.teams.some((m) => m.id === t.id));

  useEffect(() => heading.current?.focus(), []);

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setStatus(null);
    try {
      await action();
      setStatus({ kind: 'success', text: done });
      onChanged();
    } catch (error) {
      setStatus({ kind: 'error', text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const saveGrade = (e: FormEvent) => {
    e.preventDefault();
    const next = grade ? (Number(grade) as Grade) : null;
    if (next === null)
      return run(() => revokeManager(mainId, account.id), `${name}의 관리 등급을 해제했습니다.`);
    const action =
      account.grade === null
        ? () => grantManager(mainId, { userId: account.id, grade: next })
        : () => changeManagerGrade(mainId, account.id, { grade: next });
    return run(action, `${josa(name, '을/를')} ${josa(gradeNames[next], '으로/로')} 지정했습니다.`);
  };

  const addTeam = (e: FormEvent) => {
    e.preventDefault();
    const team = freeTeams.find((t) => String(t.id) === teamId);
    if (!team) return;
    return run(
      async () => {
        await addTeamManager(team.id, { userId: account.id });
        setTeamId('');
      },
      `${josa(name, '을/를')} ${team.name} 팀 관리자로 지정했습니다.`,
    );
  };

  const saveNoticeRole = (e: FormEvent) => {
    e.preventDefault();
    if (!noticeRole)
      return run(
        () => removeBoardRole(mainId, NOTICE_BOARD, account.id),
        `${name}의 공지사항 권한을 해제했습니다.`,
      );
    const role = noticeRole as BoardRoleName;
    return run(
      () => setBoardRole(mainId, NOTICE_BOARD, account.id, { role }),
      `${name}에게 공지사항 ${boardRoleNames[role]} 권한을 주었습니다.`,
    );
  };

  return (
    <section className="entity-form account-roles" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {account.username} 권한
      </h2>
      {account.isAdmin ? (
        <p className="hint">사이트 관리자는 여기서 준 권한과 관계없이 모든 일을 할 수 있습니다.</p>
      ) : null}

      <form onSubmit={saveGrade}>
        <fieldset>
          <legend>협회 관리 등급</legend>
          <div className="inline-add">
            <label htmlFor={`${headingId}-grade`}>관리 등급</label>
            <select
              id={`${headingId}-grade`}
              aria-describedby={`${headingId}-grade-hint`}
              value={grade}
              onChange={(e) => setGrade(e.target.value)}
            >
              <option value="">없음</option>
              {([1, 2, 3] as const).map((g) => (
                <option key={g} value={g}>
                  {gradeNames[g]}
                </option>
              ))}
            </select>
            <button
              type="submit"
              disabled={busy || grade === (account.grade ? String(account.grade) : '')}
            >
              등급 저장
            </button>
          </div>
          <p className="hint" id={`${headingId}-grade-hint`}>
            협회 관리자는 협회의 모든 자료를, 리그 운영자는 시즌·리그·일정·경기 기록·결과·공지를,
            기록원은 경기 기록만 다룹니다.
          </p>
        </fieldset>
      </form>

      <form onSubmit={addTeam}>
        <fieldset>
          <legend>팀 관리자</legend>
          {account.teams.length === 0 ? (
            <p>관리하는 팀이 없습니다.</p>
          ) : (
            <ul className="managed-team-list">
              {account.teams.map((t) => (
                <li key={t.id}>
                  {t.name}{' '}
                  <button
                    type="button"
                    className="danger"
                    disabled={busy}
                    aria-label={`${t.name} 팀 관리자 해제`}
                    onClick={() =>
                      run(
                        () => removeTeamManager(t.id, account.id),
                        `${name}의 ${t.name} 팀 관리자 지정을 해제했습니다.`,
                      )
                    }
                  >
                    해제
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="inline-add">
            <label htmlFor={`${headingId}-team`}>관리할 팀</label>
            <select
              id={`${headingId}-team`}
              aria-describedby={`${headingId}-team-hint`}
              value={teamId}
              onChange={(e) => setTeamId(e.target.value)}
            >
              <option value="">팀 선택</option>
              {freeTeams.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
            <button type="submit" disabled={busy || !teamId}>
              팀 관리자로 지정
            </button>
          </div>
          <p className="hint" id={`${headingId}-team-hint`}>
            팀 관리자는 그 팀의 선수 경력과 리그 명단만 고칠 수 있습니다.
          </p>
        </fieldset>
      </form>

      <form onSubmit={saveNoticeRole}>
        <fieldset>
          <legend>공지사항 게시판</legend>
          <div className="inline-add">
            <label htmlFor={`${headingId}-notice`}>공지사항 권한</label>
            <select
              id={`${headingId}-notice`}
              aria-describedby={`${headingId}-notice-hint`}
              value={noticeRole}
              onChange={(e) => setNoticeRole(e.target.value)}
            >
              <option value="">없음</option>
              {(Object.keys(boardRoleNames) as BoardRoleName[]).map((r) => (
                <option key={r} value={r}>
                  {boardRoleNames[r]}
                </option>
              ))}
            </select>
            <button type="submit" disabled={busy || noticeRole === (account.noticeRole ?? '')}>
              권한 저장
            </button>
          </div>
          <p className="hint" id={`${headingId}-notice-hint`}>
            쓰기나 관리 권한이 있으면 공지사항을 쓰고 고칠 수 있습니다.
          </p>
        </fieldset>
      </form>

      {status ? <StatusMessage kind={status.kind}>{status.text}</StatusMessage> : null}
      <div className="form-actions">
        <button type="button" onClick={onClose}>
          닫기
        </button>
      </div>
    </section>
  );
}
