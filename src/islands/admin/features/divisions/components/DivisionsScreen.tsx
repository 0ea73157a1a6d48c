import { CrudScreen } from '../../../components/CrudScreen.tsx';
import { useConsole } from '../../../use-console.ts';
import { divisionInput } from '../../../../../lib/schemas/division.ts';
import { listDivisions } from '../api/list-divisions.ts';
import type { Division } from '../api/list-divisions.ts';
import { createDivision } from '../api/create-division.ts';
import { updateDivision } from '../api/update-division.ts';
import { deleteDivision } from '../api/delete-division.ts';

/** /admin/division: the association's divisions (부). */
export default function DivisionsScreen() {
  const { access } = useConsole();
  return (
    <CrudScreen<Division>
      title="부 관리"
      noun="부"
      load={() => listDivisions(access.mainId)}
      loadDeps={[access.mainId]}
      idOf={(d) => d.id}
      nameOf={(d) => d.name}
      columns={[
        { key: 'name', label: '부 이름', render: (d) => d.name, sortValue: (d) => d.name },
        {
          key: 'sortOrder',
          label: '정렬 순서',
          render: (d) => d.sortOrder,
          sortValue: (d) => d.sortOrder,
        },
        {
          key: 'teamCount',
          label: '팀 수',
          render: (d) => d.teamCount,
          sortValue: (d) => d.teamCount,
        },
      ]}
      searchText={(d) => [d.name]}
      initialSort={{ key: 'sortOrder', dir: 'asc' }}
      fields={[
        { name: 'name', label: '부 이름', kind: 'text', required: true },
        { name: 'sortOrder', label: '정렬 순서', kind: 'number', hint: '작은 수가 먼저 나옵니다.' },
      ]}
      schema={divisionInput}
      emptyValues={{ name: '', sortOrder: 0 }}
      toValues={(d) => ({ name: d.name, sortOrder: d.sortOrder })}
      create={(v) =>
        createDivision({ ...(v as { name: string; sortOrder: number }), mainId: access.mainId })
      }
      update={(d, v) => updateDivision(d.id, v as { name: string; sortOrder: number })}
      remove={(d) => deleteDivision({ id: d.id })}
      deleteNote="팀이나 리그가 쓰는 부는 지울 수 없습니다."
    />
  );
}
