import { CrudScreen } from '../../../components/CrudScreen.tsx';
import { Link } from '../../../router/Link.tsx';
import { adminPaths } from '../../../paths.ts';
import { useConsole } from '../../../use-console.ts';
import { playerInput } from '../../../../../lib/schemas/player.ts';
import { listPlayers } from '../api/list-players.ts';
import type { Player } from '../api/list-players.ts';
import { createPlayer } from '../api/create-player.ts';
import type { CreatePlayerInput } from '../api/create-player.ts';
import { updatePlayer } from '../api/update-player.ts';
import { deletePlayer } from '../api/delete-player.ts';
import { currentTeamsText, emptyPlayer, playerFields, playerValues } from './player-fields.ts';

/** /admin/team-players/list: every player of the association with the current team. */
export default function PlayersScreen() {
  const { access } = useConsole();
  return (
    <CrudScreen<Player>
      title="선수 관리"
      noun="선수"
      load={() => listPlayers(access.mainId)}
      loadDeps={[access.mainId]}
      idOf={(p) => p.id}
      nameOf={(p) => p.name}
      columns={[
        { key: 'name', label: '이름', render: (p) => p.name, sortValue: (p) => p.name },
        {
          key: 'team',
          label: '소속 팀 (등번호)',
          render: currentTeamsText,
          sortValue: (p) => p.currentTeams[0]?.teamName ?? null,
        },
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
      searchText={(p) => [p.name, ...p.currentTeams.map((t) => t.teamName)]}
      initialSort={{ key: 'name', dir: 'asc' }}
      fields={playerFields}
      schema={playerInput}
      emptyValues={emptyPlayer}
      toValues={playerValues}
      create={(v) => createPlayer({ ...(v as CreatePlayerInput), mainId: access.mainId })}
      update={(p, v) => updatePlayer(p.id, v)}
      remove={(p) => deletePlayer({ id: p.id })}
      rowActions={(p) => (
        <Link href={adminPaths.playerCareer(p.id)} aria-label={`${p.name} 경력`}>
          경력
        </Link>
      )}
      deleteNote="경기 기록이나 리그 명단에 있는 선수는 지울 수 없습니다."
    />
  );
}
