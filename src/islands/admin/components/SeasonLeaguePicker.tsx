import { useEffect, useEffectEvent, useId, useState } from 'react';
import { useApiData } from '../lib/use-api-data.ts';
import { listSeasons } from '../api/list-seasons.ts';
import { listLeagues } from '../api/list-leagues.ts';
import { getLeague } from '../api/get-league.ts';
import type { League } from '../api/list-leagues.ts';
import { useConsole } from '../use-console.ts';
import { StatusMessage } from './StatusMessage.tsx';
import { WorkContext } from './WorkContext.tsx';

interface Props {
  seasonId: number | null;
  leagueId?: number | null;
  onSeason: (seasonId: number) => void;
  /** leave out to pick only a season */
  onLeague?: (leagueId: number | null, league: League | null) => void;
}

/**
 * Season and league pickers. A league in the address decides its own season; with no season the
 * active one is shown (and named); a league is never chosen for the user: a missing or unknown one
 * asks for a choice, so work never lands in another season's league unnoticed.
 */
export function SeasonLeaguePicker({ seasonId, leagueId, onSeason, onLeague }: Props) {
  const { config, access } = useConsole();
  const seasonFieldId = useId();
  const leagueFieldId = useId();
  // the league of the address when this season has none of that number
  const [staleLeague, setStaleLeague] = useState<number | null>(null);
  const seasons = useApiData(() => listSeasons(access.mainId), [access.mainId]);
  // A league given without its season: ask the league which season it belongs to.
  const orphanLeague = onLeague && seasonId === null && leagueId != null ? leagueId : null;
  const owner = useApiData(
    () =>
      orphanLeague !== null ? getLeague(orphanLeague).catch(() => null) : Promise.resolve(null),
    [orphanLeague],
  );
  const waitingForOwner = orphanLeague !== null && owner.loading;
  const effectiveSeason = waitingForOwner
    ? null
    : (seasonId ??
      owner.data?.seasonId ??
      config.activeSeason?.seasonId ??
      seasons.data?.[0]?.seasonId ??
      null);
  // Each list remembers its season, so a list still showing from the season before is never read
  // as this season's.
  const loaded = useApiData(
    async () => ({
      seasonId: effectiveSeason,
      list: effectiveSeason ? await listLeagues(effectiveSeason) : [],
    }),
    [effectiveSeason],
  );
  const leagues = loaded.data?.seasonId === effectiveSeason ? loaded.data.list : undefined;
  const season = seasons.data?.find((s) => s.seasonId === effectiveSeason) ?? null;
  const current = leagues?.find((l) => l.leagueId === leagueId) ?? null;

  // The parent's callbacks as of its newest render: a parent that passes a new function each
  // render gives no reason to tell it the season or league again.
  const tellSeason = useEffectEvent(onSeason);
  const tellLeague = useEffectEvent((id: number | null, league: League | null) =>
    onLeague?.(id, league),
  );
  const picksLeague = onLeague !== undefined;

  useEffect(() => {
    if (seasonId === null && effectiveSeason !== null) tellSeason(effectiveSeason);
  }, [seasonId, effectiveSeason]);

  // With a season given, effectiveSeason is that season and `leagues` are its leagues.
  useEffect(() => {
    if (!picksLeague || !leagues || seasonId === null) return;
    if (leagueId == null) {
      tellLeague(null, null);
      return;
    }
    const found = leagues.find((l) => l.leagueId === leagueId) ?? null;
    setStaleLeague(found ? null : leagueId);
    tellLeague(found?.leagueId ?? null, found);
  }, [picksLeague, leagues, leagueId, seasonId]);

  return (
    <div className="picker-bar">
      <div className="field">
        <label htmlFor={seasonFieldId}>시즌</label>
        <select
          id={seasonFieldId}
          value={effectiveSeason ?? ''}
          onChange={(e) => {
            setStaleLeague(null);
            onSeason(Number(e.target.value));
            onLeague?.(null, null);
          }}
        >
          {seasons.data?.map((s) => (
            <option key={s.seasonId} value={s.seasonId}>
              {s.seasonName}
              {s.active ? ' (활성)' : ''}
            </option>
          ))}
        </select>
      </div>
      {onLeague ? (
        <div className="field">
          <label htmlFor={leagueFieldId}>리그</label>
          <select
            id={leagueFieldId}
            value={current ? current.leagueId : ''}
            onChange={(e) => {
              setStaleLeague(null);
              const id = e.target.value ? Number(e.target.value) : null;
              onLeague(id, leagues?.find((l) => l.leagueId === id) ?? null);
            }}
          >
            <option value="">
              {leagues?.length === 0 ? '이 시즌에 리그 없음' : '리그를 고르세요'}
            </option>
            {leagues?.map((l) => (
              <option key={l.leagueId} value={l.leagueId}>
                {l.leagueName}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {staleLeague !== null ? (
        <StatusMessage kind="error">
          {`주소의 리그(${staleLeague}번)는 ${season?.seasonName ?? '이'} 시즌에 없습니다. 아래에서 리그를 골라 주세요.`}
        </StatusMessage>
      ) : null}
      {seasons.error ? <StatusMessage kind="error">{seasons.error}</StatusMessage> : null}
      {loaded.error ? <StatusMessage kind="error">{loaded.error}</StatusMessage> : null}
      {season && (!onLeague || current) ? (
        <WorkContext seasonName={season.seasonName} leagueName={current?.leagueName} />
      ) : null}
    </div>
  );
}
