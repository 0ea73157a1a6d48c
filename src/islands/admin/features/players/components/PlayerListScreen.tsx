import { CrudScreen } from '../../../components/CrudScreen.tsx';
import type { CrudConfig } from '../../../components/CrudScreen.tsx';
import type { Column } from '../../../components/DataTable.tsx';
import { identityOf } from '../../../lib/player-identity.ts';
import { describePlayer } from '../../../../../lib/describe-player.ts';
import { playerInput } from '../../../../../lib/schemas/player.ts';
import type { Player } from '../api/list-players.ts';
import { updatePlayer } from '../api/update-player.ts';
import { deletePlayer } from '../api/delete-player.ts';
import { currentTeamsText, emptyPlayer, playerFields, playerValues } from './player-fields.ts';

/** What every player list does alike: its columns, search, form, edit and delete. */
type Shared =
  | 'noun'
  | 'idOf'
  | 'nameOf'
  | 'columns'
  | 'searchText'
  | 'initialSort'
  | 'fields'
  | 'schema'
  | 'emptyValues'
  | 'toValues'
  | 'update'
  | 'remove';

interface Props extends Omit<CrudConfig<Player>, Shared> {
  /** a column of each player's current teams and back numbers */
  withTeams?: boolean;
  /** the new-player form's values, when the screen adds players */
  emptyValues?: Record<string, unknown>;
}

const nameColumn: Column<Player> = {
  key: 'name',
  label: '이름',
  render: (p) => p.name,
  sortValue: (p) => p.name,
};
const teamColumn: Column<Player> = {
  key: 'team',
  label: '소속 팀 (등번호)',
  render: currentTeamsText,
  sortValue: (p) => p.currentTeams[0]?.teamName ?? null,
};
const restColumns: Column<Player>[] = [
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
];

/**
 * A list of the association's players, each named with team and birth year (two of one name stay
 * apart, on screen and for screen readers), edited and deleted the same way on every player screen.
 */
export function PlayerListScreen({
  withTeams = false,
  emptyValues = emptyPlayer,
  ...screen
}: Props) {
  return (
    <CrudScreen<Player>
      noun="선수"
      idOf={(p) => p.id}
      nameOf={(p) => describePlayer(identityOf(p))}
      columns={withTeams ? [nameColumn, teamColumn, ...restColumns] : [nameColumn, ...restColumns]}
      searchText={(p) => [p.name, ...p.currentTeams.map((t) => t.teamName)]}
      initialSort={{ key: 'name', dir: 'asc' }}
      fields={playerFields}
      schema={playerInput}
      emptyValues={emptyValues}
      toValues={playerValues}
      update={(p, v) => updatePlayer(p.id, v)}
      remove={(p) => deletePlayer({ id: p.id })}
      {...screen}
    />
  );
}
