import { useState } from 'react';
import { SeasonLeaguePicker } from '../../../components/SeasonLeaguePicker.tsx';
import { ScreenHeader } from '../../../components/ScreenHeader.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { Loading, StatusMessage } from '../../../components/StatusMessage.tsx';
import { Link } from '../../../router/Link.tsx';
import { adminPaths } from '../../../paths.ts';
import { useApiData } from '../../../lib/use-api-data.ts';
import { useQueryNumber } from '../../../lib/use-query-state.ts';
import type { ScreenProps } from '../../../screen-props.ts';
import { listLeagueGames } from '../api/list-league-games.ts';
import type { AdminGame } from '../../../api/list-games-needing-records.ts';
import { shownStatusLabel } from '../../../../../lib/game-status.ts';
import { seoulToday } from '../../../../../lib/seoul-date.ts';

/** /admin/league/gamelist: a league's games and where each record stands; the way into record entry. */
export default function GameListScreen({ search }: ScreenProps) {
  const [seasonId, setSeasonId] = useQueryNumber('season', search);
  const [leagueId, setLeagueId] = useQueryNumber('league', search);
  const [onlyNeeded, setOnlyNeeded] = useState(false);
  const games = useApiData(
    () => (seasonId && leagueId ? listLeagueGames(seasonId, leagueId) : Promise.resolve([])),
    [seasonId, leagueId],
  );
  const rows = (games.data ?? []).filter((g) => !onlyNeeded || g.needsRecord);
  return (
    <section className="screen">
      <ScreenHeader title="경기 기록" />
      <SeasonLeaguePicker
        seasonId={seasonId}
        leagueId={leagueId}
        onSeason={setSeasonId}
        onLeague={(id) => setLeagueId(id)}
      />
      <label className="field-inline">
        <input
          type="checkbox"
          checked={onlyNeeded}
          onChange={(e) => setOnlyNeeded(e.target.checked)}
        />{' '}
        기록 입력이 필요한 경기만
      </label>
      {games.error ? <StatusMessage kind="error">{games.error}</StatusMessage> : null}
      {!leagueId ? (
        <p className="hint">리그를 고르면 그 리그의 경기와 기록 상태가 나옵니다.</p>
      ) : games.loading && !games.data ? (
        <Loading />
      ) : (
        <DataTable<AdminGame>
          caption="경기 목록"
          rows={rows}
          rowKey={(g) => g.gameId}
          searchText={(g) => [g.homeTeamName, g.awayTeamName, g.venue]}
          initialSort={{ key: 'date', dir: 'asc' }}
          columns={[
            { key: 'no', label: '번호', render: (g) => g.gameNo, sortValue: (g) => g.gameNo },
            {
              key: 'date',
              label: '일시',
              render: (g) => `${g.date} ${g.time ?? ''}`,
              sortValue: (g) => `${g.date} ${g.time ?? ''}`,
            },
            {
              key: 'teams',
              label: '원정 @ 홈',
              render: (g) => `${g.awayTeamName} @ ${g.homeTeamName}`,
              sortValue: (g) => g.awayTeamName,
            },
            {
              key: 'status',
              label: '경기 상태',
              // where the game stands today: 결과 입력 대기 once its day has passed with no result
              render: (g) => shownStatusLabel(g, seoulToday()),
              sortValue: (g) => g.status,
            },
            {
              key: 'record',
              label: '기록',
              render: (g) =>
                g.needsRecord ? <strong>{g.recordStatusLabel}</strong> : g.recordStatusLabel,
              sortValue: (g) => g.recordStatus,
            },
            {
              key: 'score',
              label: '점수',
              render: (g) => (g.awayScore != null ? `${g.awayScore} : ${g.homeScore}` : '—'),
            },
            {
              key: 'actions',
              label: '작업',
              className: 'actions',
              render: (g) => (
                <>
                  <Link
                    href={adminPaths.gameWrite(g.leagueId, g.gameId)}
                    aria-label={`${g.gameNo}번 경기 기록 입력`}
                  >
                    {g.hasRecord ? '기록 수정' : '기록 입력'}
                  </Link>
                  {g.status === 'scheduled' ? (
                    <>
                      {' '}
                      <Link
                        href={adminPaths.gameLive(g.leagueId, g.gameId)}
                        aria-label={`${g.gameNo}번 경기 실시간 입력`}
                      >
                        실시간
                      </Link>
                    </>
                  ) : null}
                </>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}
