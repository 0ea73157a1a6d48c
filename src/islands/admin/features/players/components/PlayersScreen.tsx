import { useRef, useState } from 'react';
import type { FieldSpec } from '../../../components/EntityForm.tsx';
import { Link } from '../../../router/Link.tsx';
import { adminPaths } from '../../../paths.ts';
import { useConsole } from '../../../use-console.ts';
import { useApiData } from '../../../lib/use-api-data.ts';
import { identityOf } from '../../../lib/player-identity.ts';
import { findSameName } from '../../../api/find-same-name.ts';
import { describePlayer } from '../../../../../lib/describe-player.ts';
import { josa } from '../../../../../lib/validation/index.ts';
import { listPlayers } from '../api/list-players.ts';
import type { Player } from '../api/list-players.ts';
import { createPlayer } from '../api/create-player.ts';
import type { CreatePlayerInput } from '../api/create-player.ts';
import { listTeamOptions } from '../api/list-team-options.ts';
import { emptyPlayer, playerFields } from './player-fields.ts';
import { PlayerListScreen } from './PlayerListScreen.tsx';
import { SameNameDialog } from './SameNameDialog.tsx';
import type { SameNameAnswer } from './SameNameDialog.tsx';

/** The new-player form also places him on a team with his back number (one career row from today). */
function createFieldsWith(teams: ReadonlyArray<{ id: number; name: string }>): FieldSpec[] {
  const [name, birthDate, ...rest] = playerFields;
  return [
    name,
    birthDate,
    {
      name: 'teamId',
      label: '소속 팀',
      kind: 'select',
      nullable: true,
      options: teams.map((t) => ({ value: t.id, label: t.name })),
      hint: '고르면 오늘부터 이 팀 소속으로 등록합니다.',
    },
    { name: 'backNumber', label: '등번호', kind: 'number', nullable: true },
    ...rest,
  ];
}

/** /admin/team-players/list: every player of the association with the current team. */
export default function PlayersScreen() {
  const { access } = useConsole();
  const teams = useApiData(() => listTeamOptions(access.mainId), [access.mainId]);
  const [sameName, setSameName] = useState<Player[] | null>(null);
  const answer = useRef<((a: SameNameAnswer) => void) | null>(null);

  const ask = (found: Player[]) =>
    new Promise<SameNameAnswer>((resolve) => {
      answer.current = resolve;
      setSameName(found);
    });

  const create = async (values: Record<string, unknown>) => {
    const input = { ...(values as CreatePlayerInput), mainId: access.mainId };
    const found = await findSameName(access.mainId, input.name.trim());
    if (found.length > 0) {
      const choice = await ask(found);
      if (choice === 'cancel') return false;
      if (choice !== 'new')
        return `${josa(describePlayer(identityOf(choice)), '은/는')} 이미 등록된 선수라서 새로 만들지 않았습니다.`;
    }
    const made = await createPlayer(input);
    return `${josa(describePlayer(identityOf(made)), '을/를')} 추가했습니다.`;
  };

  return (
    <>
      <PlayerListScreen
        title="선수 관리"
        withTeams
        toolbar={
          <p className="toolbar-links">
            <Link href={adminPaths.playerImport}>선수 파일로 일괄 등록</Link>
          </p>
        }
        load={() => listPlayers(access.mainId)}
        loadDeps={[access.mainId]}
        createFields={createFieldsWith(teams.data ?? [])}
        emptyValues={{ ...emptyPlayer, teamId: null, backNumber: null }}
        create={create}
        rowActions={(p) => (
          <Link
            href={adminPaths.playerCareer(p.id)}
            aria-label={`${describePlayer(identityOf(p))} 경력`}
          >
            경력
          </Link>
        )}
        deleteNote="경기 기록이나 리그 명단에 있는 선수는 지울 수 없습니다."
      />
      <SameNameDialog
        found={sameName}
        onAnswer={(a) => {
          setSameName(null);
          answer.current?.(a);
          answer.current = null;
        }}
      />
    </>
  );
}
