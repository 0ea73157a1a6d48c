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
import { uploadTeamLogo } from '../api/upload-team-logo.ts';
import * as z from 'zod';
import { leagueLimits } from '../../../../../lib/schemas/league.ts';

const LOGO_TYPES = /^image\/(png|jpeg|gif|webp)$/;

/** The team form: the team's fields, and a logo picture chosen from the computer (not an address). */
const teamForm = teamInput.extend({
  logoFile: z.unknown().refine(
    (chosen) => {
      const file = chosen instanceof FileList ? chosen[0] : undefined;
      return !file || (LOGO_TYPES.test(file.type) && file.size <= leagueLimits.logoBytesMax);
    },
    { error: '로고는 PNG, JPEG, GIF, WEBP 이미지로 2MB 이하여야 합니다.' },
  ),
});

/** Uploads the picture chosen in the form, if any, once the team is saved. */
async function uploadChosenLogo(teamId: number, chosen: unknown): Promise<void> {
  const file = chosen instanceof FileList ? chosen[0] : undefined;
  if (file) await uploadTeamLogo(teamId, file);
}

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
          name: 'logoFile',
          label: '로고 이미지',
          kind: 'image',
          previewOf: 'logo',
          hint: 'PNG, JPEG, GIF, WEBP 파일, 2MB 이하. 저장하면 올라갑니다.',
        },
      ]}
      schema={teamForm}
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
      create={async (v) => {
        const { logoFile, logo: _, ...team } = v;
        const made = await createTeam({ ...(team as CreateTeamInput), mainId: access.mainId });
        await uploadChosenLogo(made.id, logoFile);
      }}
      update={async (t, v) => {
        const { logoFile, logo: _, ...team } = v;
        await updateTeam(t.id, team);
        await uploadChosenLogo(t.id, logoFile);
      }}
      remove={(t) => deleteTeam({ id: t.id })}
      deleteNote="선수 경력, 리그 참가, 경기 기록이 있는 팀은 지울 수 없습니다."
    />
  );
}
