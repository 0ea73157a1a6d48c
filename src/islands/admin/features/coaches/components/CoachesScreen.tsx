import { CrudScreen } from '../../../components/CrudScreen.tsx';
import { Link } from '../../../router/Link.tsx';
import { adminPaths } from '../../../paths.ts';
import { useConsole } from '../../../use-console.ts';
import { coachInput } from '../../../../../lib/schemas/coach.ts';
import { listCoaches } from '../api/list-coaches.ts';
import type { Coach } from '../api/list-coaches.ts';
import { createCoach } from '../api/create-coach.ts';
import type { CreateCoachInput } from '../api/create-coach.ts';
import { updateCoach } from '../api/update-coach.ts';
import { deleteCoach } from '../api/delete-coach.ts';

const teamsText = (c: Coach) =>
  c.currentTeams.map((t) => `${t.teamName} ${t.role}`).join(', ') || '—';

/** /admin/coaches/list: the association's coaches (감독, 코치, 단장). */
export default function CoachesScreen() {
  const { access } = useConsole();
  return (
    <CrudScreen<Coach>
      title="지도자 관리"
      noun="지도자"
      load={() => listCoaches(access.mainId)}
      loadDeps={[access.mainId]}
      idOf={(c) => c.id}
      nameOf={(c) => c.name}
      columns={[
        { key: 'name', label: '이름', render: (c) => c.name, sortValue: (c) => c.name },
        {
          key: 'teams',
          label: '소속 팀과 역할',
          render: teamsText,
          sortValue: (c) => c.currentTeams[0]?.teamName ?? null,
        },
        { key: 'phone', label: '전화번호', render: (c) => c.phone ?? '—' },
      ]}
      searchText={(c) => [c.name, ...c.currentTeams.map((t) => t.teamName)]}
      initialSort={{ key: 'name', dir: 'asc' }}
      fields={[
        { name: 'name', label: '이름', kind: 'text', required: true },
        { name: 'birthDate', label: '생년월일', kind: 'date', nullable: true },
        {
          name: 'phone',
          label: '전화번호',
          kind: 'text',
          nullable: true,
          hint: '예: 010-1234-5678',
        },
      ]}
      schema={coachInput}
      emptyValues={{ name: '', birthDate: null, phone: null }}
      toValues={(c) => ({ name: c.name, birthDate: c.birthDate ?? null, phone: c.phone ?? null })}
      create={(v) => createCoach({ ...(v as CreateCoachInput), mainId: access.mainId })}
      update={(c, v) => updateCoach(c.id, v)}
      remove={(c) => deleteCoach({ id: c.id })}
      rowActions={(c) => (
        <Link href={adminPaths.coachCareer(c.id)} aria-label={`${c.name} 경력`}>
          경력
        </Link>
      )}
    />
  );
}
