import { CrudScreen } from '../../../components/CrudScreen.tsx';
import { Loading, StatusMessage } from '../../../components/StatusMessage.tsx';
import { useApiData } from '../../../lib/use-api-data.ts';
import { useConsole } from '../../../use-console.ts';
import type { ScreenProps } from '../../../screen-props.ts';
import { playerCareerInput } from '../../../../../lib/schemas/player.ts';
import { getPlayer } from '../api/get-player.ts';
import { listPlayerCareers } from '../api/list-player-careers.ts';
import type { PlayerCareer } from '../api/list-player-careers.ts';
import { addPlayerCareer } from '../api/add-player-career.ts';
import type { AddPlayerCareerInput } from '../api/add-player-career.ts';
import { updatePlayerCareer } from '../api/update-player-career.ts';
import { deletePlayerCareer } from '../api/delete-player-career.ts';
import { listTeamOptions } from '../api/list-team-options.ts';
import { PersonRightsActions } from '../../person-rights/components/PersonRightsActions.tsx';

/** /admin/team-players/career/{playerId}: the teams a player has been with, and when. */
export default function PlayerCareerScreen({ params }: ScreenProps) {
  const playerId = Number(params.playerId);
  const { access } = useConsole();
  const player = useApiData(() => getPlayer(playerId), [playerId]);
  const teams = useApiData(() => listTeamOptions(access.mainId), [access.mainId]);
  if (player.error) return <StatusMessage kind="error">{player.error}</StatusMessage>;
  if (!player.data || !teams.data) return <Loading />;
  const name = player.data.name;
  return (
    <>
      <CrudScreen<PlayerCareer>
        title={`${name} 선수 경력`}
        noun="경력"
        load={() => listPlayerCareers(playerId)}
        loadDeps={[playerId]}
        idOf={(c) => c.id}
        nameOf={(c) => `${c.teamName} 경력`}
        columns={[
          { key: 'team', label: '팀', render: (c) => c.teamName, sortValue: (c) => c.teamName },
          {
            key: 'backNumber',
            label: '등번호',
            render: (c) => c.backNumber ?? '—',
            sortValue: (c) => c.backNumber,
          },
          { key: 'from', label: '시작일', render: (c) => c.fromDate, sortValue: (c) => c.fromDate },
          {
            key: 'to',
            label: '종료일',
            render: (c) => c.toDate ?? (c.current ? '소속 중' : '—'),
            sortValue: (c) => c.toDate,
          },
        ]}
        initialSort={{ key: 'from', dir: 'desc' }}
        fields={[
          {
            name: 'teamId',
            label: '팀',
            kind: 'select',
            required: true,
            options: teams.data.map((t) => ({ value: t.id, label: t.name })),
          },
          { name: 'backNumber', label: '등번호', kind: 'number', nullable: true },
          { name: 'fromDate', label: '시작일', kind: 'date', required: true },
          {
            name: 'toDate',
            label: '종료일',
            kind: 'date',
            nullable: true,
            hint: '비워 두면 현재 소속으로 봅니다.',
          },
        ]}
        schema={playerCareerInput}
        emptyValues={{ teamId: undefined, backNumber: null, fromDate: '', toDate: null }}
        toValues={(c) => ({
          teamId: c.teamId,
          backNumber: c.backNumber,
          fromDate: c.fromDate,
          toDate: c.toDate,
        })}
        create={(v) => addPlayerCareer(playerId, v as AddPlayerCareerInput)}
        update={(c, v) => updatePlayerCareer(playerId, c.id, v)}
        remove={(c) => deletePlayerCareer({ playerId, careerId: c.id })}
      />
      <PersonRightsActions
        person={`/api/players/${playerId}`}
        name={`${name} 선수`}
        erasedAt={player.data.erasedAt}
        onErased={player.reload}
      />
    </>
  );
}
