import { useId, useState } from 'react';
import { ScreenHeader } from '../../../components/ScreenHeader.tsx';
import { Loading, StatusMessage } from '../../../components/StatusMessage.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { useApiData, errorMessage } from '../../../lib/use-api-data.ts';
import { allows, mayEditRoster } from '../../../lib/permissions.ts';
import { useConsole } from '../../../use-console.ts';
import { Link } from '../../../router/Link.tsx';
import { WorkContext } from '../../../components/WorkContext.tsx';
import { adminPaths } from '../../../paths.ts';
import type { ScreenProps } from '../../../screen-props.ts';
import { getLeague } from '../../../api/get-league.ts';
import { listLeaguePlayers } from '../../../api/list-league-players.ts';
import { listLeagueTeamsAdmin } from '../api/list-league-teams-admin.ts';
import type { LeagueTeamAdmin } from '../api/list-league-teams-admin.ts';
import { listTeamsNotIn } from '../api/list-teams-not-in.ts';
import { addLeagueTeams } from '../api/add-league-teams.ts';
import { removeLeagueTeam } from '../api/remove-league-team.ts';
import { saveRoster } from '../api/save-roster.ts';
import { listTeamPlayers } from '../api/list-team-players.ts';
import { RosterEditor } from './RosterEditor.tsx';

function AddTeams({
  mainId,
  seasonId,
  leagueId,
  onAdd,
}: {
  mainId: number;
  seasonId: number;
  leagueId: number;
  onAdd: (ids: number[]) => Promise<void>;
}) {
  const legend = useId();
  const candidates = useApiData(
    () => listTeamsNotIn(mainId, seasonId, leagueId),
    [mainId, seasonId, leagueId],
  );
  const [chosen, setChosen] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  if (!candidates.data)
    return candidates.error ? (
      <StatusMessage kind="error">{candidates.error}</StatusMessage>
    ) : (
      <Loading />
    );
  if (candidates.data.length === 0) return <p>더 추가할 수 있는 팀이 없습니다.</p>;
  return (
    <fieldset className="add-teams" aria-labelledby={legend}>
      <legend id={legend}>참가 팀 추가</legend>
      <div className="checkbox-grid">
        {candidates.data.map((t) => (
          <label key={t.teamId}>
            <input
              type="checkbox"
              checked={chosen.includes(t.teamId)}
              onChange={(e) =>
                setChosen((c) =>
                  e.target.checked ? [...c, t.teamId] : c.filter((id) => id !== t.teamId),
                )
              }
            />
            {t.teamName}
          </label>
        ))}
      </div>
      {error ? <StatusMessage kind="error">{error}</StatusMessage> : null}
      <button
        type="button"
        className="primary"
        disabled={chosen.length === 0}
        onClick={async () => {
          setError(null);
          try {
            await onAdd(chosen);
            setChosen([]);
            candidates.reload();
          } catch (e) {
            setError(errorMessage(e));
          }
        }}
      >
        선택한 팀 {chosen.length}개 추가
      </button>
    </fieldset>
  );
}

/** /admin/league/{seasonId}/{leagueId}/teams: the league's teams, adding and removing them, and each team's roster. */
export default function LeagueTeamsScreen({ params }: ScreenProps) {
  const seasonId = Number(params.seasonId);
  const leagueId = Number(params.leagueId);
  const { access } = useConsole();
  const manage = allows(access, 'league');
  const league = useApiData(() => getLeague(leagueId), [leagueId]);
  const teams = useApiData(() => listLeagueTeamsAdmin(leagueId), [leagueId]);
  const [editing, setEditing] = useState<LeagueTeamAdmin | null>(null);
  const [removing, setRemoving] = useState<LeagueTeamAdmin | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const editingTeam = editing?.teamId ?? null;
  const rosterData = useApiData(
    async () =>
      editingTeam !== null
        ? {
            roster: await listLeaguePlayers(leagueId, editingTeam),
            candidates: await listTeamPlayers(access.mainId, editingTeam),
          }
        : null,
    [editingTeam, leagueId, access.mainId],
  );

  const title = league.data ? `${league.data.leagueName} 참가 팀과 명단` : '리그 참가 팀과 명단';
  return (
    <section className="screen">
      <ScreenHeader title={title}>
        {manage ? (
          <Link href={adminPaths.schedule(league.data?.seasonId ?? seasonId, leagueId)}>
            경기 일정
          </Link>
        ) : null}
      </ScreenHeader>
      {league.data ? (
        <WorkContext seasonName={league.data.seasonName} leagueName={league.data.leagueName} />
      ) : null}
      {league.error ? <StatusMessage kind="error">{league.error}</StatusMessage> : null}
      {notice ? (
        <StatusMessage key={notice} kind="success" focus>
          {notice}
        </StatusMessage>
      ) : null}
      {teams.error ? <StatusMessage kind="error">{teams.error}</StatusMessage> : null}
      {!teams.data ? (
        <Loading />
      ) : (
        <DataTable<LeagueTeamAdmin>
          caption="참가 팀"
          rows={teams.data}
          rowKey={(t) => t.teamId}
          searchText={(t) => [t.teamName, t.shortName]}
          initialSort={{ key: 'name', dir: 'asc' }}
          columns={[
            { key: 'name', label: '팀', render: (t) => t.teamName, sortValue: (t) => t.teamName },
            {
              key: 'players',
              label: '등록 선수',
              render: (t) => `${t.activePlayerCount}명`,
              sortValue: (t) => t.activePlayerCount,
            },
            {
              key: 'suspended',
              label: '출장 정지',
              render: (t) => t.suspendedPlayerCount,
              sortValue: (t) => t.suspendedPlayerCount,
            },
            {
              key: 'games',
              label: '경기 수',
              render: (t) => t.gameCount,
              sortValue: (t) => t.gameCount,
            },
            {
              key: 'actions',
              label: '작업',
              className: 'actions',
              render: (t) => (
                <div className="row-actions">
                  {mayEditRoster(access, t.teamId) ? (
                    <button
                      type="button"
                      onClick={() => setEditing(t)}
                      aria-label={`${t.teamName} 명단 편집`}
                    >
                      명단 편집
                    </button>
                  ) : null}
                  {manage ? (
                    <button
                      type="button"
                      className="danger"
                      onClick={() => setRemoving(t)}
                      aria-label={`${t.teamName} 리그에서 빼기`}
                    >
                      빼기
                    </button>
                  ) : null}
                </div>
              ),
            },
          ]}
        />
      )}
      {editing && rosterData.data ? (
        <RosterEditor
          key={editing.teamId}
          mainId={access.mainId}
          teamId={editing.teamId}
          teamName={editing.teamName}
          roster={rosterData.data.roster}
          candidates={rosterData.data.candidates}
          onSave={async (input) => {
            await saveRoster(access.mainId, seasonId, leagueId, editing.teamId, input);
            teams.reload();
          }}
          onClose={() => setEditing(null)}
        />
      ) : editing ? (
        rosterData.error ? (
          <StatusMessage kind="error">{rosterData.error}</StatusMessage>
        ) : (
          <Loading />
        )
      ) : null}
      {manage ? (
        <AddTeams
          mainId={access.mainId}
          seasonId={seasonId}
          leagueId={leagueId}
          onAdd={async (ids) => {
            await addLeagueTeams(access.mainId, seasonId, leagueId, { teams: ids });
            setNotice(`팀 ${ids.length}개를 리그에 추가했습니다.`);
            teams.reload();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title="리그에서 팀 빼기"
        confirmLabel="빼기"
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          const team = removing!;
          await removeLeagueTeam({
            mainId: access.mainId,
            seasonId,
            leagueId,
            teamId: team.teamId,
          });
          setNotice(`${team.teamName} 팀을 리그에서 뺐습니다.`);
          teams.reload();
        }}
      >
        <p>
          {removing
            ? `${removing.teamName} 팀을 이 리그에서 뺄까요? 리그 명단도 함께 지워집니다.`
            : ''}
        </p>
      </ConfirmDialog>
    </section>
  );
}
