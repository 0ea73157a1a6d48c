import { CrudScreen } from '../../../components/CrudScreen.tsx';
import { Link } from '../../../router/Link.tsx';
import { adminPaths } from '../../../paths.ts';
import { useConsole } from '../../../use-console.ts';
import { playerInput } from '../../../../../lib/schemas/player.ts';
import { listNoTeamPlayers } from '../api/list-no-team-players.ts';
import type { Player } from '../api/list-players.ts';
import { updatePlayer } from '../api/update-player.ts';
import { deletePlayer } from '../api/delete-player.ts';
import { emptyPlayer, playerFields, playerValues } from './player-fields.ts';

/** /admin/team-players/noTeamPlayers: players without a current team, to give them one. */
export default function NoTeamPlayersScreen() {
  const { access } = useConsole();
  return (
    <CrudScreen<Player>
      title="소속 팀 없는 선수"
      noun="선수"
      load={() => listNoTeamPlayers(access.mainId)}
      loadDeps={[access.mainId]}
      idOf={(p) => p.id}
      nameOf={(p) => p.name}
      columns={[
        { key: 'name', label: '이름', render: (p) => p.name, sortValue: (p) => p.name },
        {
          key: 'position',
          label: '포지션',
          render: (p) => p.position || '—',
          sortValue: (p) => p.position,
        },
        {
          key: 'birthDate',
          label: '생년월일',
          render: (p) => p.birthDate ?? '—',
          sortValue: (p) => p.birthDate ?? null,
        },
      ]}
      searchText={(p) => [p.name]}
      initialSort={{ key: 'name', dir: 'asc' }}
      fields={playerFields}
      schema={playerInput}
      emptyValues={emptyPlayer}
      toValues={playerValues}
      update={(p, v) => updatePlayer(p.id, v)}
      remove={(p) => deletePlayer({ id: p.id })}
      rowActions={(p) => (
        <Link href={adminPaths.playerCareer(p.id)} aria-label={`${p.name} 팀 배정`}>
          팀 배정
        </Link>
      )}
    />
  );
}
