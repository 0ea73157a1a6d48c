import { useId, useState } from 'react';
import { DataTable } from '../../../components/DataTable.tsx';
import type { Column } from '../../../components/DataTable.tsx';
import { EntityForm } from '../../../components/EntityForm.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ScreenHeader } from '../../../components/ScreenHeader.tsx';
import { Loading, StatusMessage } from '../../../components/StatusMessage.tsx';
import { useApiData, errorMessage } from '../../../lib/use-api-data.ts';
import { allows } from '../../../lib/permissions.ts';
import { useConsole } from '../../../use-console.ts';
import { createUser, createUserSchema } from '../api/create-user.ts';
import type { CreateUserInput } from '../api/create-user.ts';
import { editUserSchema, updateUser } from '../api/update-user.ts';
import type { EditUserValues } from '../api/update-user.ts';
import { disableUser } from '../api/disable-user.ts';
import { loadAccounts } from './load-accounts.ts';
import type { Account } from './account-rows.ts';
import { roleRank, roleSummary } from './role-summary.ts';
import {
  accountUpdate,
  accountValues,
  createFields,
  editFields,
  emptyAccount,
} from './account-fields.ts';
import { AccountRoles } from './AccountRoles.tsx';
import { resetTotp } from '../../security/api/totp.ts';
import { PersonRightsActions } from '../../person-rights/components/PersonRightsActions.tsx';

type Editing = { mode: 'create' } | { mode: 'edit'; account: Account } | null;

/**
 * /admin/accounts (decision 020): accounts and their roles in the association. 협회 관리자 give and
 * take roles; creating, editing and disabling accounts is for site admins, as in the API.
 */
export default function AccountsScreen() {
  const { access } = useConsole();
  const manageAccounts = allows(access, 'site');
  const disabledToggle = useId();
  const [includeDisabled, setIncludeDisabled] = useState(false);
  const { data, error, loading, reload } = useApiData(
    () => loadAccounts(access.mainId, includeDisabled),
    [access.mainId, includeDisabled],
  );
  const [editing, setEditing] = useState<Editing>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [disabling, setDisabling] = useState<Account | null>(null);
  const [resetting, setResetting] = useState<Account | null>(null);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const selected = data?.accounts.find((a) => a.id === selectedId) ?? null;

  const open = (next: Editing, roles: number | null) => {
    setNotice(null);
    setEditing(next);
    setSelectedId(roles);
  };

  const enable = async (account: Account) => {
    try {
      await updateUser(account.id, { disabled: false });
      setNotice({ kind: 'success', text: `${account.username} 님의 계정 사용 중지를 풀었습니다.` });
      reload();
    } catch (e) {
      setNotice({ kind: 'error', text: errorMessage(e) });
    }
  };

  const columns: Column<Account>[] = [
    { key: 'name', label: '이름', render: (a) => a.username, sortValue: (a) => a.username },
    { key: 'email', label: '이메일', render: (a) => a.email, sortValue: (a) => a.email },
    { key: 'roles', label: '권한', render: roleSummary, sortValue: roleRank },
    ...(includeDisabled
      ? [
          {
            key: 'state',
            label: '상태',
            render: (a: Account) => (a.disabled ? '사용 중지' : '사용 중'),
            sortValue: (a: Account) => Number(a.disabled),
          },
        ]
      : []),
    {
      key: 'actions',
      label: '작업',
      className: 'actions',
      render: (a) => (
        <div className="row-actions">
          <button type="button" onClick={() => open(null, a.id)} aria-label={`${a.username} 권한`}>
            권한
          </button>
          {manageAccounts ? (
            <button
              type="button"
              onClick={() => open({ mode: 'edit', account: a }, null)}
              aria-label={`${a.username} 수정`}
            >
              수정
            </button>
          ) : null}
          <button
            type="button"
            onClick={() => setResetting(a)}
            aria-label={`${a.username} 2단계 인증 초기화`}
          >
            2단계 인증 초기화
          </button>
          {manageAccounts && !a.disabled ? (
            <button
              type="button"
              className="danger"
              onClick={() => setDisabling(a)}
              aria-label={`${a.username} 사용 중지`}
            >
              사용 중지
            </button>
          ) : null}
          {manageAccounts && a.disabled ? (
            <button
              type="button"
              onClick={() => void enable(a)}
              aria-label={`${a.username} 다시 사용`}
            >
              다시 사용
            </button>
          ) : null}
        </div>
      ),
    },
  ];

  const submit = async (values: Record<string, unknown>) => {
    if (editing?.mode === 'edit') {
      const update = accountUpdate(values as EditUserValues);
      await updateUser(editing.account.id, update);
      const changed = update.password ? '정보와 비밀번호를' : '정보를';
      setNotice({ kind: 'success', text: `${update.username} 님의 ${changed} 수정했습니다.` });
    } else {
      const created = await createUser(values as CreateUserInput);
      setNotice({
        kind: 'success',
        text: `${created.username} 님의 계정을 만들었습니다. 이어서 권한을 줄 수 있습니다.`,
      });
      setSelectedId(created.id);
    }
    setEditing(null);
    reload();
  };

  return (
    <section className="screen">
      <ScreenHeader title="회원 관리">
        {manageAccounts ? (
          <button type="button" className="primary" onClick={() => open({ mode: 'create' }, null)}>
            회원 추가
          </button>
        ) : null}
      </ScreenHeader>
      <div className="picker-bar">
        <span className="field-inline">
          <input
            id={disabledToggle}
            type="checkbox"
            checked={includeDisabled}
            onChange={(e) => setIncludeDisabled(e.target.checked)}
          />
          <label htmlFor={disabledToggle}>사용 중지된 회원 포함</label>
        </span>
      </div>
      {notice ? <StatusMessage kind={notice.kind}>{notice.text}</StatusMessage> : null}
      {editing ? (
        <EntityForm
          key={editing.mode === 'edit' ? `edit-${editing.account.id}` : 'create'}
          title={editing.mode === 'edit' ? `${editing.account.username} 수정` : '새 회원 추가'}
          schema={editing.mode === 'edit' ? editUserSchema : createUserSchema}
          fields={editing.mode === 'edit' ? editFields : createFields}
          defaultValues={editing.mode === 'edit' ? accountValues(editing.account) : emptyAccount}
          onSubmit={submit}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      {selected && data ? (
        <AccountRoles
          key={selected.id}
          account={selected}
          mainId={access.mainId}
          teams={data.teams}
          onChanged={reload}
          onClose={() => setSelectedId(null)}
        />
      ) : null}
      {selected ? (
        <PersonRightsActions
          key={`rights-${selected.id}`}
          person={`/api/users/${selected.id}`}
          name={`${selected.username} 회원`}
          erasedAt={selected.erasedAt}
          onErased={reload}
        />
      ) : null}
      {error ? <StatusMessage kind="error">{error}</StatusMessage> : null}
      {loading && !data ? <Loading /> : null}
      {data ? (
        <DataTable<Account>
          caption="회원 목록"
          rows={data.accounts}
          columns={columns}
          rowKey={(a) => a.id}
          searchText={(a) => [a.username, a.nickname, a.email]}
          initialSort={{ key: 'name', dir: 'asc' }}
        />
      ) : null}
      <ConfirmDialog
        open={resetting !== null}
        title="2단계 인증 초기화"
        confirmLabel="초기화"
        onClose={() => setResetting(null)}
        onConfirm={async () => {
          const account = resetting!;
          const { wasEnabled } = await resetTotp(account.id);
          setNotice({
            kind: 'success',
            text: wasEnabled
              ? `${account.username} 님의 2단계 인증을 초기화했습니다. 다음 로그인 뒤 새로 설정할 수 있습니다.`
              : `${account.username} 님은 2단계 인증을 쓰고 있지 않았습니다.`,
          });
        }}
      >
        <p>
          {resetting ? `${resetting.username}(${resetting.email}) 님의 2단계 인증을 지울까요?` : ''}
        </p>
        <p>
          휴대폰을 잃어버린 회원이 다시 로그인할 수 있도록 일회용 코드와 복구 코드를 지웁니다.
          본인이 맞는지 먼저 확인하세요. 초기화는 감사 기록에 남습니다.
        </p>
      </ConfirmDialog>
      {manageAccounts ? (
        <ConfirmDialog
          open={disabling !== null}
          title="회원 사용 중지"
          confirmLabel="사용 중지"
          onClose={() => setDisabling(null)}
          onConfirm={async () => {
            const account = disabling!;
            await disableUser({ id: account.id });
            setNotice({
              kind: 'success',
              text: `${account.username} 님의 계정을 사용 중지했습니다.`,
            });
            if (selectedId === account.id) setSelectedId(null);
            reload();
          }}
        >
          <p>
            {disabling
              ? `${disabling.username}(${disabling.email}) 님의 계정을 사용 중지할까요?`
              : ''}
          </p>
          <p>
            작성한 공지와 작업 기록이 이 계정을 가리키므로 계정은 지우지 않고 사용 중지합니다. 그
            회원은 바로 로그아웃되고 다시 로그인할 수 없으며, 목록에서 빠집니다. 자기 자신의 계정은
            사용 중지할 수 없습니다. ‘사용 중지된 회원 포함’을 켜면 다시 사용하도록 되돌릴 수
            있습니다.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
