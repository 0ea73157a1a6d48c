import { useState } from 'react';
import { CrudScreen } from '../../../components/CrudScreen.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { SeasonLeaguePicker } from '../../../components/SeasonLeaguePicker.tsx';
import { Loading } from '../../../components/StatusMessage.tsx';
import { Link } from '../../../router/Link.tsx';
import { adminPaths } from '../../../paths.ts';
import { useApiData, errorMessage } from '../../../lib/use-api-data.ts';
import { useQueryNumber } from '../../../lib/use-query-state.ts';
import type { ScreenProps } from '../../../screen-props.ts';
import { listLeagueTeams } from '../../../api/list-league-teams.ts';
import type { League } from '../../../api/list-leagues.ts';
import {
  gameCreateInput,
  gameStageLabels,
  gameStatusLabels,
  gameUpdateInput,
  scheduleStatuses,
} from '../../../../../lib/schemas/game.ts';
import { getAdminSchedule } from '../api/get-admin-schedule.ts';
import type { AdminGame } from '../api/get-admin-schedule.ts';
import { createGame } from '../api/create-game.ts';
import type { CreateGameInput } from '../api/create-game.ts';
import { updateGame } from '../api/update-game.ts';
import type { UpdateGameInput } from '../api/update-game.ts';
import { deleteGame } from '../api/delete-game.ts';
import { shownStatusLabel } from '../../../../../lib/game-status.ts';
import { seoulToday } from '../../../../../lib/seoul-date.ts';

const teamLabel = (g: AdminGame) => `${g.awayTeamName} @ ${g.homeTeamName}`;

/** /admin/league/schedule: a league's games; add, edit, reschedule, postpone, cancel and delete them. */
export default function ScheduleScreen({ search }: ScreenProps) {
  const [seasonId, setSeasonId] = useQueryNumber('season', search);
  const [leagueId, setLeagueId] = useQueryNumber('league', search);
  const [league, setLeague] = useState<League | null>(null);
  const [quickError, setQuickError] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<AdminGame | null>(null);
  const [version, setVersion] = useState(0);
  const teams = useApiData(
    () => (leagueId ? listLeagueTeams(leagueId) : Promise.resolve([])),
    [leagueId],
  );
  const picker = (
    <SeasonLeaguePicker
      seasonId={seasonId}
      leagueId={leagueId}
      onSeason={(id) => {
        setSeasonId(id);
      }}
      onLeague={(id, l) => {
        setLeagueId(id);
        setLeague(l);
      }}
    />
  );
  if (!seasonId || !leagueId || !league)
    return (
      <section className="screen">
        <h1 tabIndex={-1}>경기 일정</h1>
        {picker}
        <p className="hint">시즌과 리그를 고르면 그 리그의 경기 일정이 나옵니다.</p>
      </section>
    );
  if (!teams.data) return <Loading />;
  const teamOptions = teams.data.map((t) => ({ value: t.teamId, label: t.teamName }));
  const fields = [
    { name: 'date', label: '경기일', kind: 'date', required: true },
    { name: 'time', label: '경기 시간', kind: 'time', nullable: true },
    { name: 'venue', label: '구장', kind: 'text' },
    { name: 'awayTeamId', label: '원정 팀', kind: 'select', required: true, options: teamOptions },
    { name: 'homeTeamId', label: '홈 팀', kind: 'select', required: true, options: teamOptions },
    { name: 'round', label: '라운드', kind: 'text' },
    {
      name: 'stage',
      label: '경기 구분',
      kind: 'select',
      options: Object.entries(gameStageLabels).map(([value, label]) => ({ value, label })),
    },
    { name: 'gameNo', label: '경기 번호', kind: 'number', hint: '비우면 다음 번호가 붙습니다.' },
    { name: 'notes', label: '비고', kind: 'text' },
  ] as const;
  const quick = async (g: AdminGame, status: UpdateGameInput['status']) => {
    setQuickError(null);
    try {
      await updateGame(leagueId, g.gameId, { status });
      setVersion((v) => v + 1);
    } catch (e) {
      setQuickError(errorMessage(e));
    }
  };
  return (
    <>
      <CrudScreen<AdminGame>
        key={leagueId}
        title={`${league.leagueName} 경기 일정`}
        noun="경기"
        toolbar={
          <>
            {picker}
            <p className="toolbar-links">
              <Link href={adminPaths.scheduleUpload(seasonId, leagueId)}>
                일정 파일로 한꺼번에 올리기
              </Link>
            </p>
            {quickError ? (
              <p className="status status-error" role="alert">
                {quickError}
              </p>
            ) : null}
          </>
        }
        load={async () => (await getAdminSchedule(seasonId, leagueId)).games}
        loadDeps={[seasonId, leagueId, version]}
        idOf={(g) => g.gameId}
        nameOf={(g) => `${g.gameNo}번 경기`}
        columns={[
          { key: 'no', label: '번호', render: (g) => g.gameNo, sortValue: (g) => g.gameNo },
          {
            key: 'date',
            label: '일시',
            render: (g) => `${g.date} ${g.time ?? ''}`,
            sortValue: (g) => `${g.date} ${g.time ?? '99:99'}`,
          },
          { key: 'teams', label: '원정 @ 홈', render: teamLabel, sortValue: teamLabel },
          { key: 'venue', label: '구장', render: (g) => g.venue || '—', sortValue: (g) => g.venue },
          {
            key: 'status',
            label: '상태',
            // where the game stands today: 결과 입력 대기 once its day has passed with no result
            render: (g) => shownStatusLabel(g, seoulToday()),
            sortValue: (g) => g.status,
          },
          {
            key: 'score',
            label: '점수',
            render: (g) => (g.awayScore != null ? `${g.awayScore} : ${g.homeScore}` : '—'),
          },
        ]}
        searchText={(g) => [g.homeTeamName, g.awayTeamName, g.venue, g.round]}
        initialSort={{ key: 'date', dir: 'asc' }}
        fields={[...fields]}
        schema={gameCreateInput}
        editSchema={gameUpdateInput}
        emptyValues={{
          date: '',
          time: null,
          venue: '',
          awayTeamId: undefined,
          homeTeamId: undefined,
          round: '',
          stage: 'regular',
          notes: '',
        }}
        toValues={(g) => ({
          date: g.date,
          time: g.time,
          venue: g.venue,
          awayTeamId: g.awayTeamId,
          homeTeamId: g.homeTeamId,
          round: g.round,
          stage: g.stage,
          gameNo: g.gameNo,
          notes: g.notes,
        })}
        create={(v) => createGame(leagueId, v as CreateGameInput)}
        update={(g, v) => updateGame(leagueId, g.gameId, v as UpdateGameInput)}
        remove={(g) => deleteGame({ leagueId, gameId: g.gameId })}
        deleteNote="기록이 입력된 경기는 지울 수 없습니다."
        rowActions={(g) => (
          <>
            {g.status === 'scheduled' ? (
              <>
                <button
                  type="button"
                  onClick={() => quick(g, 'postponed')}
                  aria-label={`${g.gameNo}번 경기 연기`}
                >
                  연기
                </button>
                <button
                  type="button"
                  className="danger"
                  onClick={() => setCancelling(g)}
                  aria-label={`${g.gameNo}번 경기 취소`}
                >
                  경기 취소
                </button>
              </>
            ) : (scheduleStatuses as readonly string[]).includes(g.status) ? (
              <button
                type="button"
                onClick={() => quick(g, 'scheduled')}
                aria-label={`${g.gameNo}번 경기 예정으로`}
              >
                {gameStatusLabels.scheduled}으로
              </button>
            ) : null}
            <Link
              href={adminPaths.gameWrite(leagueId, g.gameId)}
              aria-label={`${g.gameNo}번 경기 기록`}
            >
              기록
            </Link>
          </>
        )}
      />
      <ConfirmDialog
        open={cancelling !== null}
        title="경기 취소"
        confirmLabel="경기 취소"
        dismissLabel="그대로 두기"
        onClose={() => setCancelling(null)}
        onConfirm={async () => {
          await updateGame(leagueId, cancelling!.gameId, { status: 'cancelled' });
          setVersion((v) => v + 1);
        }}
      >
        <p>
          {cancelling
            ? `${cancelling.gameNo}번 경기(${cancelling.date} ${teamLabel(cancelling)})를 취소할까요?`
            : ''}
        </p>
        <p>취소한 경기는 '예정으로' 버튼으로 되돌릴 수 있습니다.</p>
      </ConfirmDialog>
    </>
  );
}
