import { Link } from '../../../router/Link.tsx';
import { adminPaths } from '../../../paths.ts';
import { Loading, StatusMessage } from '../../../components/StatusMessage.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { useApiData } from '../../../lib/use-api-data.ts';
import { listSeasons } from '../../../api/list-seasons.ts';
import { listLeagues } from '../../../api/list-leagues.ts';
import { listGamesNeedingRecords } from '../../../api/list-games-needing-records.ts';
import type { AdminGame } from '../../../api/list-games-needing-records.ts';

/**
 * The games of every league of the active season (and later ones) whose day has come and whose
 * record is missing or unfinished, oldest first: a scorer's work list without choosing a league.
 */
async function loadQueue(mainId: number): Promise<AdminGame[]> {
  const seasons = await listSeasons(mainId);
  const active = seasons.find((s) => s.active);
  const current = seasons.filter((s) => s.active || (active && s.year > active.year));
  const leagues = (await Promise.all(current.map((s) => listLeagues(s.seasonId)))).flat();
  const lists = await Promise.all(leagues.map((l) => listGamesNeedingRecords(l.leagueId)));
  return lists
    .flatMap((l) => l.games)
    .sort((a, b) => a.date.localeCompare(b.date) || a.leagueName.localeCompare(b.leagueName));
}

/** 기록을 기다리는 경기: the queue with a link to each game's record form. */
export function RecordQueue({ mainId }: { mainId: number }) {
  const { data, error, loading } = useApiData(() => loadQueue(mainId), [mainId]);
  return (
    <section aria-labelledby="dash-queue">
      <h2 id="dash-queue">기록을 기다리는 경기</h2>
      {error ? <StatusMessage kind="error">{error}</StatusMessage> : null}
      {loading && !data ? <Loading /> : null}
      {data ? (
        <DataTable
          caption={`기록을 기다리는 경기 ${data.length}개`}
          rows={data}
          rowKey={(g) => g.gameId}
          empty="기록을 기다리는 경기가 없습니다."
          searchText={(g) => [g.leagueName, g.homeTeamName, g.awayTeamName]}
          columns={[
            {
              key: 'date',
              label: '경기일',
              render: (g) => `${g.date} ${g.time ?? ''}`.trim(),
              sortValue: (g) => `${g.date} ${g.time ?? ''}`,
            },
            {
              key: 'league',
              label: '리그',
              render: (g) => g.leagueName,
              sortValue: (g) => g.leagueName,
            },
            { key: 'game', label: '경기', render: (g) => `${g.awayTeamName} @ ${g.homeTeamName}` },
            { key: 'status', label: '상태', render: (g) => g.recordStatusLabel },
            {
              key: 'write',
              label: '기록',
              render: (g) => (
                <Link
                  href={adminPaths.gameWrite(g.leagueId, g.gameId)}
                  aria-label={`${g.date} ${g.leagueName} ${g.awayTeamName} @ ${g.homeTeamName} 기록 입력`}
                >
                  기록 입력
                </Link>
              ),
            },
          ]}
        />
      ) : null}
    </section>
  );
}
