import type { RouteIndex } from '../../../src/server/read/route-index.ts';
import { paths } from '../../../src/lib/paths.ts';

/** One page of each kind, in the active season (plus the pages of no season). */
export function pageTypes(index: RouteIndex): Record<string, string> {
  const season = { id: index.site.active.id, active: true };
  const league = index.leagues.find((l) => l.seasonId === season.id)!;
  const lt = index.leagueTeams.find((x) => x.leagueId === league.id)!;
  const game = index.games.find((g) => g.leagueId === league.id)!;
  const player = index.seasonPlayers.find(
    (p) => p.seasonId === season.id && p.teamId === lt.teamId,
  )!;
  return {
    main: paths.home(season),
    leagueSchedules: paths.leagueSchedules(season),
    leagueSchedule: paths.leagueSchedule(season, league.id),
    teamSchedule: paths.teamSchedule(season, lt.leagueId, lt.teamId),
    gameSchedule: paths.gameSchedule(season),
    leagueResults: paths.leagueResults(season),
    gameResults: paths.gameResults(season),
    boxScore: paths.boxScore(season, game.leagueId, game.id),
    teams: paths.teams(season),
    teamPlayers: paths.teamPlayers(season, lt.teamId),
    player: paths.player(season, player.teamId, player.playerId),
    records: paths.records(season),
    recordsPitching: paths.recordsView(season, league.id, 'pitching-era'),
    notices: paths.notices(),
    notice: paths.notice(index.notices[0]),
    service: paths.policy('service'),
    privacy: paths.policy('privacy'),
    notFound: '/404',
  };
}
