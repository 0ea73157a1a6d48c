import { CrudScreen } from '../../../components/CrudScreen.tsx';
import { Loading, StatusMessage } from '../../../components/StatusMessage.tsx';
import { useApiData } from '../../../lib/use-api-data.ts';
import { useConsole } from '../../../use-console.ts';
import { userLinkInput } from '../../../../../lib/schemas/user.ts';
import { listUnregisteredUsers } from '../api/list-unregistered-users.ts';
import type { User } from '../api/list-unregistered-users.ts';
import { linkUser } from '../api/link-user.ts';
import type { LinkUserInput } from '../api/link-user.ts';
import { listLinkOptions } from '../api/list-link-options.ts';
import { identityOf } from '../../../lib/player-identity.ts';
import { describePlayer } from '../../../../../lib/describe-player.ts';

/** /admin/unregistered: accounts not yet linked to a player or coach record, and linking them. */
export default function UnregisteredScreen() {
  const { access } = useConsole();
  const options = useApiData(() => listLinkOptions(access.mainId), [access.mainId]);
  if (options.error) return <StatusMessage kind="error">{options.error}</StatusMessage>;
  if (!options.data) return <Loading />;
  return (
    <CrudScreen<User>
      title="미연결 회원"
      noun="회원"
      load={listUnregisteredUsers}
      idOf={(u) => u.id}
      nameOf={(u) => u.username}
      columns={[
        { key: 'name', label: '이름', render: (u) => u.username, sortValue: (u) => u.username },
        {
          key: 'nickname',
          label: '닉네임',
          render: (u) => u.nickname || '—',
          sortValue: (u) => u.nickname,
        },
        { key: 'email', label: '이메일', render: (u) => u.email, sortValue: (u) => u.email },
        {
          key: 'createdAt',
          label: '가입일',
          render: (u) => u.createdAt.slice(0, 10),
          sortValue: (u) => u.createdAt,
        },
      ]}
      searchText={(u) => [u.username, u.nickname, u.email]}
      initialSort={{ key: 'createdAt', dir: 'desc' }}
      fields={[
        {
          name: 'playerId',
          label: '연결할 선수',
          kind: 'select',
          options: options.data.players.map((p) => ({
            value: p.id,
            label: describePlayer(identityOf(p)),
          })),
        },
        {
          name: 'coachId',
          label: '연결할 지도자',
          kind: 'select',
          options: options.data.coaches.map((c) => ({ value: c.id, label: c.name })),
        },
      ]}
      schema={userLinkInput}
      emptyValues={{}}
      toValues={() => ({})}
      update={(u, v) => linkUser(u.id, v as LinkUserInput)}
      editLabel="연결"
    />
  );
}
