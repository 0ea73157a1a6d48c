import { CrudScreen } from '../../../components/CrudScreen.tsx';
import { useConsole } from '../../../use-console.ts';
import { seasonInput, seasonUpdate } from '../../../../../lib/schemas/season.ts';
import { listSeasons } from '../api/list-seasons.ts';
import type { Season } from '../api/list-seasons.ts';
import { createSeason } from '../api/create-season.ts';
import type { CreateSeasonInput } from '../api/create-season.ts';
import { updateSeason } from '../api/update-season.ts';
import type { UpdateSeasonInput } from '../api/update-season.ts';
import { deleteSeason } from '../api/delete-season.ts';

/** /admin/season: seasons, exactly one of them active. */
export default function SeasonsScreen() {
  const { access } = useConsole();
  return (
    <CrudScreen<Season>
      title="시즌 관리"
      noun="시즌"
      load={() => listSeasons(access.mainId)}
      loadDeps={[access.mainId]}
      idOf={(s) => s.seasonId}
      nameOf={(s) => s.seasonName}
      columns={[
        {
          key: 'name',
          label: '시즌 이름',
          render: (s) => s.seasonName,
          sortValue: (s) => s.seasonName,
        },
        { key: 'year', label: '연도', render: (s) => s.year, sortValue: (s) => s.year },
        {
          key: 'active',
          label: '활성',
          render: (s) => (s.active ? '활성 시즌' : '—'),
          sortValue: (s) => (s.active ? 0 : 1),
        },
      ]}
      searchText={(s) => [s.seasonName, String(s.year)]}
      initialSort={{ key: 'year', dir: 'desc' }}
      fields={[
        { name: 'seasonName', label: '시즌 이름', kind: 'text', required: true },
        { name: 'year', label: '연도', kind: 'number', required: true },
        {
          name: 'active',
          label: '활성 시즌으로 지정',
          kind: 'checkbox',
          hint: '지정하면 지금의 활성 시즌은 비활성이 됩니다.',
        },
      ]}
      schema={seasonInput}
      editSchema={seasonUpdate}
      emptyValues={{ seasonName: '', year: new Date().getFullYear(), active: false }}
      toValues={(s) => ({ seasonName: s.seasonName, year: s.year, active: s.active })}
      create={(v) => createSeason(access.mainId, v as CreateSeasonInput)}
      update={(s, v) => updateSeason(access.mainId, s.seasonId, v as UpdateSeasonInput)}
      remove={(s) => deleteSeason({ mainId: access.mainId, seasonId: s.seasonId })}
      deleteNote="리그가 있는 시즌과 활성 시즌은 지울 수 없습니다."
    />
  );
}
