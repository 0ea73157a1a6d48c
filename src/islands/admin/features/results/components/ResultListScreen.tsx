import { SeasonLeaguePicker } from '../../../components/SeasonLeaguePicker.tsx';
import { ScreenHeader } from '../../../components/ScreenHeader.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { Loading, StatusMessage } from '../../../components/StatusMessage.tsx';
import { Link } from '../../../router/Link.tsx';
import { adminPaths } from '../../../paths.ts';
import { useApiData } from '../../../lib/use-api-data.ts';
import { useQueryNumber } from '../../../lib/use-query-state.ts';
import type { ScreenProps } from '../../../screen-props.ts';
import { listLeagues } from '../../../api/list-leagues.ts';
import type { League } from '../../../api/list-leagues.ts';

/** /admin/league/resultlist: the leagues of a season and the way to their final results. */
export default function ResultListScreen({ search }: ScreenProps) {
  const [seasonId, setSeasonId] = useQueryNumber('season', search);
  const leagues = useApiData(
    () => (seasonId ? listLeagues(seasonId) : Promise.resolve([])),
    [seasonId],
  );
  return (
    <section className="screen">
      <ScreenHeader title="리그 결과" />
      <SeasonLeaguePicker seasonId={seasonId} onSeason={setSeasonId} />
      {leagues.error ? <StatusMessage kind="error">{leagues.error}</StatusMessage> : null}
      {!leagues.data ? (
        <Loading />
      ) : (
        <DataTable<League>
          caption="리그 목록"
          rows={leagues.data}
          rowKey={(l) => l.leagueId}
          searchText={(l) => [l.leagueName]}
          columns={[
            {
              key: 'name',
              label: '리그',
              render: (l) => l.leagueName,
              sortValue: (l) => l.leagueName,
            },
            {
              key: 'status',
              label: '상태',
              render: (l) => l.statusLabel,
              sortValue: (l) => l.status,
            },
            {
              key: 'teams',
              label: '팀 수',
              render: (l) => l.teamCount,
              sortValue: (l) => l.teamCount,
            },
            {
              key: 'actions',
              label: '작업',
              className: 'actions',
              render: (l) => (
                <Link
                  href={adminPaths.resultForm(l.leagueId)}
                  aria-label={`${l.leagueName} 결과 입력`}
                >
                  결과 입력
                </Link>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}
