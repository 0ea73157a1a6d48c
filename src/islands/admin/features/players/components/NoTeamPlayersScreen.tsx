import { Link } from '../../../router/Link.tsx';
import { adminPaths } from '../../../paths.ts';
import { useConsole } from '../../../use-console.ts';
import { identityOf } from '../../../lib/player-identity.ts';
import { describePlayer } from '../../../../../lib/describe-player.ts';
import { listNoTeamPlayers } from '../api/list-no-team-players.ts';
import { PlayerListScreen } from './PlayerListScreen.tsx';

/** /admin/team-players/noTeamPlayers: players without a current team, to give them one. */
export default function NoTeamPlayersScreen() {
  const { access } = useConsole();
  return (
    <PlayerListScreen
      title="소속 팀 없는 선수"
      load={() => listNoTeamPlayers(access.mainId)}
      loadDeps={[access.mainId]}
      rowActions={(p) => (
        <Link
          href={adminPaths.playerCareer(p.id)}
          aria-label={`${describePlayer(identityOf(p))} 팀 배정`}
        >
          팀 배정
        </Link>
      )}
    />
  );
}
