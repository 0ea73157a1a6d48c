import { paths } from '../../lib/paths.ts';
import type { RouteIndex } from './route-index.ts';
import { RECORD_VIEWS } from '../../components/utils/record-views.ts';

const RECORD_VIEW_KEYS = RECORD_VIEWS.map((v) => v.key);

/** Every HTML page of the public site, as the sitemap lists it (the 404 page left out). */
export function publicPagePaths(index: RouteIndex): string[] {
  const out: string[] = [];
  const ref = (seasonId: number) => ({ id: seasonId, active: index.site.active.id === seasonId });
  for (const s of index.site.seasons) {
    const season = ref(s.id);
    out.push(
      paths.home(season),
      paths.leagueSchedules(season),
      paths.gameSchedule(season),
      paths.leagueResults(season),
      paths.gameResults(season),
      paths.teams(season),
      paths.records(season),
    );
  }
  for (const l of index.leagues) {
    out.push(paths.leagueSchedule(ref(l.seasonId), l.id));
    for (const view of RECORD_VIEW_KEYS) out.push(paths.recordsView(ref(l.seasonId), l.id, view));
  }
  for (const lt of index.leagueTeams)
    out.push(paths.teamSchedule(ref(lt.seasonId), lt.leagueId, lt.teamId));
  for (const g of index.games) out.push(paths.boxScore(ref(g.seasonId), g.leagueId, g.id));
  for (const t of index.seasonTeams) out.push(paths.teamPlayers(ref(t.seasonId), t.teamId));
  for (const p of index.seasonPlayers)
    out.push(paths.player(ref(p.seasonId), p.teamId, p.playerId));
  for (let page = 1; page <= index.noticePages; page++) out.push(paths.notices(page));
  for (const wrId of index.notices) out.push(paths.notice(wrId));
  out.push(paths.policy('service'), paths.policy('privacy'));
  return out;
}
