import type { FieldSpec } from '../../../components/EntityForm.tsx';
import type { Player } from '../api/list-players.ts';

/** The player form's fields. */
export const playerFields: readonly FieldSpec[] = [
  { name: 'name', label: '이름', kind: 'text', required: true },
  { name: 'birthDate', label: '생년월일', kind: 'date', nullable: true },
  {
    name: 'gender',
    label: '성별',
    kind: 'select',
    nullable: true,
    options: [
      { value: 'F', label: '여' },
      { value: 'M', label: '남' },
    ],
  },
  {
    name: 'bats',
    label: '타격',
    kind: 'select',
    nullable: true,
    options: [
      { value: 'R', label: '우타' },
      { value: 'L', label: '좌타' },
      { value: 'S', label: '양타' },
    ],
  },
  {
    name: 'throws',
    label: '투구',
    kind: 'select',
    nullable: true,
    options: [
      { value: 'R', label: '우투' },
      { value: 'L', label: '좌투' },
    ],
  },
  { name: 'position', label: '포지션', kind: 'text' },
];

export const emptyPlayer = {
  name: '',
  birthDate: null,
  gender: null,
  bats: null,
  throws: null,
  position: '',
};

export const playerValues = (p: Player) => ({
  name: p.name,
  birthDate: p.birthDate ?? null,
  gender: p.gender,
  bats: p.bats,
  throws: p.throws,
  position: p.position,
});

/** '서울 이글스 (7)' for each current team. */
export const currentTeamsText = (p: Player) =>
  p.currentTeams
    .map((t) => (t.backNumber != null ? `${t.teamName} (${t.backNumber})` : t.teamName))
    .join(', ') || '—';
