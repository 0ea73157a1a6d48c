import { CrudScreen } from '../../../components/CrudScreen.tsx';
import { Loading, StatusMessage } from '../../../components/StatusMessage.tsx';
import { useApiData } from '../../../lib/use-api-data.ts';
import { useConsole } from '../../../use-console.ts';
import type { ScreenProps } from '../../../screen-props.ts';
import { coachCareerInput, coachRoles } from '../../../../../lib/schemas/coach.ts';
import { getCoach } from '../api/get-coach.ts';
import { listCoachCareers } from '../api/list-coach-careers.ts';
import type { CoachCareer } from '../api/list-coach-careers.ts';
import { addCoachCareer } from '../api/add-coach-career.ts';
import type { AddCoachCareerInput } from '../api/add-coach-career.ts';
import { updateCoachCareer } from '../api/update-coach-career.ts';
import { deleteCoachCareer } from '../api/delete-coach-career.ts';
import { listTeamOptions } from '../api/list-team-options.ts';
import { PersonRightsActions } from '../../person-rights/components/PersonRightsActions.tsx';

/** /admin/coaches/career/{coachId}: the teams a coach has worked for, in which role. */
export default function CoachCareerScreen({ params }: ScreenProps) {
  const coachId = Number(params.coachId);
  const { access } = useConsole();
  const coach = useApiData(() => getCoach(coachId), [coachId]);
  const teams = useApiData(() => listTeamOptions(access.mainId), [access.mainId]);
  if (coach.error) return <StatusMessage kind="error">{coach.error}</StatusMessage>;
  if (!coach.data || !teams.data) return <Loading />;
  const name = coach.data.name;
  return (
    <>
      <CrudScreen<CoachCareer>
        title={`${name} 지도자 경력`}
        noun="경력"
        load={() => listCoachCareers(coachId)}
        loadDeps={[coachId]}
        idOf={(c) => c.id}
        nameOf={(c) => `${c.teamName} 경력`}
        columns={[
          { key: 'team', label: '팀', render: (c) => c.teamName, sortValue: (c) => c.teamName },
          { key: 'role', label: '역할', render: (c) => c.role, sortValue: (c) => c.role },
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
          {
            name: 'role',
            label: '역할',
            kind: 'select',
            required: true,
            options: coachRoles.map((r) => ({ value: r, label: r })),
          },
          { name: 'fromDate', label: '시작일', kind: 'date', required: true },
          {
            name: 'toDate',
            label: '종료일',
            kind: 'date',
            nullable: true,
            hint: '비워 두면 현재 소속으로 봅니다.',
          },
        ]}
        schema={coachCareerInput}
        emptyValues={{ teamId: undefined, role: '', fromDate: '', toDate: null }}
        toValues={(c) => ({
          teamId: c.teamId,
          role: c.role,
          fromDate: c.fromDate,
          toDate: c.toDate,
        })}
        create={(v) => addCoachCareer(coachId, v as AddCoachCareerInput)}
        update={(c, v) => updateCoachCareer(coachId, c.id, v)}
        remove={(c) => deleteCoachCareer({ coachId, careerId: c.id })}
      />
      <PersonRightsActions
        person={`/api/coaches/${coachId}`}
        name={`${name} 지도자`}
        erasedAt={coach.data.erasedAt}
        onErased={coach.reload}
      />
    </>
  );
}
