import { useState } from 'react';
import { CrudScreen } from '../../../components/CrudScreen.tsx';
import { SeasonLeaguePicker } from '../../../components/SeasonLeaguePicker.tsx';
import { Link } from '../../../router/Link.tsx';
import { adminPaths } from '../../../paths.ts';
import { useConsole } from '../../../use-console.ts';
import { useApiData } from '../../../lib/use-api-data.ts';
import { useQueryNumber } from '../../../lib/use-query-state.ts';
import { allows } from '../../../lib/permissions.ts';
import type { ScreenProps } from '../../../screen-props.ts';
import { listLeagues } from '../../../api/list-leagues.ts';
import { listLeagueTeams } from '../../../api/list-league-teams.ts';
import { paths } from '../../../../../lib/paths.ts';
import type { League } from '../../../api/list-leagues.ts';
import { LEAGUE_STATUS_LABELS, leagueInput } from '../../../../../lib/schemas/league.ts';
import { createLeague } from '../api/create-league.ts';
import type { CreateLeagueInput } from '../api/create-league.ts';
import { updateLeague } from '../api/update-league.ts';
import type { UpdateLeagueInput } from '../api/update-league.ts';
import { deleteLeague } from '../api/delete-league.ts';
import { listDivisionOptions } from '../api/list-division-options.ts';
import { LeagueLogoForm } from './LeagueLogoForm.tsx';

/** A league row; for a team manager, with his teams that play in it. */
type LeagueRow = League & { ownTeams: Array<{ teamId: number; teamName: string }> };

/**
 * The season's leagues. A team manager (no league grade) sees only the leagues his teams play in,
 * each with those teams, so his schedule is one click away.
 */
async function loadLeagues(seasonId: number, teamIds: number[] | null): Promise<LeagueRow[]> {
  const leagues = await listLeagues(seasonId);
  if (!teamIds) return leagues.map((l) => ({ ...l, ownTeams: [] }));
  const rows = await Promise.all(
    leagues.map(async (l) => ({
      ...l,
      ownTeams: (await listLeagueTeams(l.leagueId))
        .filter((t) => teamIds.includes(t.teamId))
        .map((t) => ({ teamId: t.teamId, teamName: t.teamName })),
    })),
  );
  return rows.filter((l) => l.ownTeams.length > 0);
}

/** /admin/league/list: the leagues of a season, with the way to their teams, schedule and results. */
export default function LeaguesScreen({ search }: ScreenProps) {
  const { access, config } = useConsole();
  const [seasonId, setSeasonId] = useQueryNumber('season', search);
  const divisions = useApiData(() => listDivisionOptions(access.mainId), [access.mainId]);
  const manage = allows(access, 'league');
  const ownTeamsOnly = manage ? null : access.teamIds;
  const [logoFor, setLogoFor] = useState<LeagueRow | null>(null);
  const [version, setVersion] = useState(0);
  const picker = (
    <SeasonLeaguePicker
      seasonId={seasonId}
      onSeason={(id) => {
        setLogoFor(null);
        setSeasonId(id);
      }}
    />
  );
  if (seasonId === null) return picker;
  return (
    <CrudScreen<LeagueRow>
      title="리그 관리"
      noun="리그"
      toolbar={
        <>
          {picker}
          {logoFor ? (
            <LeagueLogoForm
              key={logoFor.leagueId}
              mainId={access.mainId}
              league={logoFor}
              onUploaded={() => setVersion((v) => v + 1)}
              onClose={() => setLogoFor(null)}
            />
          ) : null}
        </>
      }
      load={() => loadLeagues(seasonId, ownTeamsOnly)}
      loadDeps={[seasonId, version, ownTeamsOnly?.join()]}
      idOf={(l) => l.leagueId}
      nameOf={(l) => l.leagueName}
      columns={[
        {
          key: 'name',
          label: '리그 이름',
          render: (l) => l.leagueName,
          sortValue: (l) => l.leagueName,
        },
        {
          key: 'division',
          label: '부',
          render: (l) => l.divisionName ?? '—',
          sortValue: (l) => l.divisionName,
        },
        { key: 'status', label: '상태', render: (l) => l.statusLabel, sortValue: (l) => l.status },
        {
          key: 'period',
          label: '기간',
          render: (l) => `${l.startDate ?? '?'} ~ ${l.endDate ?? '?'}`,
          sortValue: (l) => l.startDate,
        },
        { key: 'teams', label: '팀 수', render: (l) => l.teamCount, sortValue: (l) => l.teamCount },
      ]}
      searchText={(l) => [l.leagueName, l.divisionName]}
      initialSort={{ key: 'name', dir: 'asc' }}
      rowActions={(l) => (
        <>
          <Link
            href={adminPaths.leagueTeams(l.seasonId, l.leagueId)}
            aria-label={`${l.leagueName} 참가 팀과 명단`}
          >
            팀·명단
          </Link>
          {l.ownTeams.map((t) => (
            <a
              key={t.teamId}
              href={paths.teamSchedule(
                { id: l.seasonId, active: config.activeSeason?.seasonId === l.seasonId },
                l.leagueId,
                t.teamId,
              )}
              aria-label={`${l.leagueName} ${t.teamName} 일정`}
            >
              {t.teamName} 일정
            </a>
          ))}
          {manage ? (
            <Link
              href={adminPaths.schedule(l.seasonId, l.leagueId)}
              aria-label={`${l.leagueName} 일정`}
            >
              일정
            </Link>
          ) : null}
          {manage ? (
            <Link
              href={adminPaths.scheduleUpload(l.seasonId, l.leagueId)}
              aria-label={`${l.leagueName} 일정 파일`}
            >
              일정 파일
            </Link>
          ) : null}
          {manage ? (
            <Link href={adminPaths.resultForm(l.leagueId)} aria-label={`${l.leagueName} 결과 입력`}>
              결과
            </Link>
          ) : null}
          {manage ? (
            <button type="button" onClick={() => setLogoFor(l)} aria-label={`${l.leagueName} 로고`}>
              로고
            </button>
          ) : null}
        </>
      )}
      fields={[
        { name: 'leagueName', label: '리그 이름', kind: 'text', required: true },
        {
          name: 'divisionId',
          label: '부',
          kind: 'select',
          nullable: true,
          options: (divisions.data ?? []).map((d) => ({ value: d.id, label: d.name })),
        },
        { name: 'startDate', label: '시작일', kind: 'date', nullable: true },
        { name: 'endDate', label: '종료일', kind: 'date', nullable: true },
        {
          name: 'status',
          label: '진행 상태',
          kind: 'select',
          required: true,
          options: Object.entries(LEAGUE_STATUS_LABELS).map(([value, label]) => ({ value, label })),
        },
        { name: 'inningsPerGame', label: '경기 이닝 수', kind: 'number', required: true },
        { name: 'tiesAllowed', label: '무승부 인정', kind: 'checkbox' },
        {
          name: 'rankingMethod',
          label: '순위 산정 방식',
          kind: 'select',
          required: true,
          options: [
            { value: 'pct', label: '승률' },
            { value: 'points', label: '승점' },
          ],
        },
        { name: 'eraBasis', label: '평균자책점 기준 이닝', kind: 'number', required: true },
      ]}
      schema={leagueInput}
      emptyValues={{
        leagueName: '',
        divisionId: null,
        startDate: null,
        endDate: null,
        status: 'scheduled',
        inningsPerGame: 7,
        tiesAllowed: true,
        rankingMethod: 'pct',
        eraBasis: 7,
      }}
      toValues={(l) => ({
        leagueName: l.leagueName,
        divisionId: l.divisionId,
        startDate: l.startDate,
        endDate: l.endDate,
        status: l.status,
        inningsPerGame: l.inningsPerGame,
        tiesAllowed: l.tiesAllowed,
        rankingMethod: l.rankingMethod,
        eraBasis: l.eraBasis,
      })}
      create={
        manage ? (v) => createLeague(access.mainId, seasonId, v as CreateLeagueInput) : undefined
      }
      update={
        manage
          ? (l, v) => updateLeague(access.mainId, l.seasonId, l.leagueId, v as UpdateLeagueInput)
          : undefined
      }
      remove={
        manage
          ? (l) =>
              deleteLeague({ mainId: access.mainId, seasonId: l.seasonId, leagueId: l.leagueId })
          : undefined
      }
      deleteNote="경기나 참가 팀이 있는 리그는 지울 수 없습니다."
    />
  );
}
