import { CrudScreen } from '../../../components/CrudScreen.tsx';
import { Loading } from '../../../components/StatusMessage.tsx';
import { useConsole } from '../../../use-console.ts';
import { useApiData } from '../../../lib/use-api-data.ts';
import { teamInput } from '../../../../../lib/schemas/team.ts';
import { listTeams } from '../api/list-teams.ts';
import type { Team } from '../api/list-teams.ts';
import { createTeam } from '../api/create-team.ts';
import type { CreateTeamInput } from '../api/create-team.ts';
import { updateTeam } from '../api/update-team.ts';
import { deleteTeam } from '../api/delete-team.ts';
import { listDivisionOptions } from '../api/list-division-options.ts';

/** /admin/teams: the association's teams. */
export default function TeamsScreen() {
  const { access } = useConsole();
  const divisions = useApiData(() => listDivisionOptions(access.mainId), [access.mainId]);
  if (!divisions.data && divisions.loading) return <Loading />;
  const options = (divisions.data ?? []).map((d) => ({ value: d.id, label: d.name }));
  return (
    <CrudScreen<Team>
      title="팀 관리"
      noun="팀"
      load={() => listTeams(access.mainId)}
      loadDeps={[access.mainId]}
      idOf={(t) => t.id}
      nameOf={(t) => t.name}
      columns={[
        { key: 'name', label: '팀 이름', render: (t) => t.name, sortValue: (t) => t.name },
        {
          key: 'shortName',
          label: '약칭',
          render: (t) => t.shortName,
          sortValue: (t) => t.shortName,
        },
        {
          key: 'division',
          label: '부',
          render: (t) => t.divisionName ?? '—',
          sortValue: (t) => t.divisionName,
        },
        {
          key: 'homeRegion',
          label: '연고지',
          render: (t) => t.homeRegion || '—',
          sortValue: (t) => t.homeRegion,
        },
        {
          key: 'players',
          label: '선수 수',
          render: (t) => t.playerCount,
          sortValue: (t) => t.playerCount,
        },
      ]}
      searchText={(t) => [t.name, t.shortName, t.homeRegion]}
      initialSort={{ key: 'name', dir: 'asc' }}
      fields={[
        { name: 'name', label: '팀 이름', kind: 'text', required: true },
        { name: 'shortName', label: '약칭', kind: 'text' },
        { name: 'divisionId', label: '부', kind: 'select', options, nullable: true },
        { name: 'homeRegion', label: '연고지', kind: 'text' },
        { name: 'founded', label: '창단 연도', kind: 'number', nullable: true },
        {
          name: 'logo',
          label: '로고 주소',
          kind: 'text',
          nullable: true,
          hint: '/uploads/… 또는 https:// 주소',
        },
      ]}
      schema={teamInput}
      emptyValues={{
        name: '',
        shortName: '',
        divisionId: null,
        homeRegion: '',
        founded: null,
        logo: null,
      }}
      toValues={(t) => ({
        name: t.name,
        shortName: t.shortName,
        divisionId: t.divisionId,
        homeRegion: t.homeRegion,
        founded: t.founded,
        logo: t.logo,
      })}
      create={(v) => createTeam({ ...(v as CreateTeamInput), mainId: access.mainId })}
      update={(t, v) => updateTeam(t.id, v)}
      remove={(t) => deleteTeam({ id: t.id })}
      deleteNote="선수 경력, 리그 참가, 경기 기록이 있는 팀은 지울 수 없습니다."
    />
  );
}
