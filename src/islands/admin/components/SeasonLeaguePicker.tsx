import { useEffect, useId } from 'react';
import { useApiData } from '../lib/use-api-data.ts';
import { listSeasons } from '../api/list-seasons.ts';
import { listLeagues } from '../api/list-leagues.ts';
import type { League } from '../api/list-leagues.ts';
import { useConsole } from '../use-console.ts';
import { StatusMessage } from './StatusMessage.tsx';

interface Props {
  seasonId: number | null;
  leagueId?: number | null;
  onSeason: (seasonId: number) => void;
  /** leave out to pick only a season */
  onLeague?: (leagueId: number | null, league: League | null) => void;
}

/** Season and league pickers; the active season is chosen until the user picks another. */
export function SeasonLeaguePicker({ seasonId, leagueId, onSeason, onLeague }: Props) {
  const { config, access } = useConsole();
  const seasonFieldId = useId();
  const leagueFieldId = useId();
  const seasons = useApiData(() => listSeasons(access.mainId), [access.mainId]);
  const effectiveSeason =
    seasonId ?? config.activeSeason?.seasonId ?? seasons.data?.[0]?.seasonId ?? null;
  const leagues = useApiData(
    () => (effectiveSeason ? listLeagues(effectiveSeason) : Promise.resolve([])),
    [effectiveSeason],
  );

  useEffect(() => {
    if (seasonId === null && effectiveSeason !== null) onSeason(effectiveSeason);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seasonId, effectiveSeason]);

  useEffect(() => {
    if (!onLeague || !leagues.data) return;
    const found = leagues.data.find((l) => l.leagueId === leagueId) ?? null;
    if (leagueId == null && leagues.data.length > 0)
      onLeague(leagues.data[0].leagueId, leagues.data[0]);
    else if (leagueId != null && !found && !leagues.loading)
      onLeague(leagues.data[0]?.leagueId ?? null, leagues.data[0] ?? null);
    else if (found) onLeague(found.leagueId, found);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [leagues.data, leagueId]);

  return (
    <div className="picker-bar">
      <div className="field">
        <label htmlFor={seasonFieldId}>시즌</label>
        <select
          id={seasonFieldId}
          value={effectiveSeason ?? ''}
          onChange={(e) => onSeason(Number(e.target.value))}
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
            value={leagueId ?? ''}
            onChange={(e) => {
              const id = Number(e.target.value);
              onLeague(id, leagues.data?.find((l) => l.leagueId === id) ?? null);
            }}
          >
            {leagues.data?.length === 0 ? <option value="">리그 없음</option> : null}
            {leagues.data?.map((l) => (
              <option key={l.leagueId} value={l.leagueId}>
                {l.leagueName}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {seasons.error ? <StatusMessage kind="error">{seasons.error}</StatusMessage> : null}
      {leagues.error ? <StatusMessage kind="error">{leagues.error}</StatusMessage> : null}
    </div>
  );
}
