import { paths } from '../../lib/paths.ts';
import type { SeasonRef } from '../../lib/paths.ts';
import type { RouteIndex } from './route-index.ts';
import { routeLookup } from './route-lookup.ts';

/** One line of the build's `_redirects`: `from to 301`; `from` ends in `/*` for a prefix rule. */
export interface ForwardRule {
  from: string;
  to: string;
}

/**
 * Permanent addresses (docs/decisions/016): a past season's league, game, team or player page also
 * answers at its spec route with a 301 to its season copy, so links written in notices keep working
 * when the active season changes. Instead of a forwarding page per address, the build writes rules:
 *
 * - a league belongs to one season, so a past league takes three rules: its schedule page
 *   (`/sbsa/schedule/league/{id}`), everything below it (team schedules) and its games
 *   (`/sbsa/result/game/{id}/*`);
 * - a team plays in many seasons. A team with no page in the active season takes one prefix rule
 *   to its latest season (`/sbsa/stats/team/{id}/*`), plus an exact rule for each player whose
 *   latest season with the team is an earlier one. A team of the active season has real pages under
 *   that prefix, so its past players take exact rules only.
 *
 * No rule ever matches a page of the build: the active season's pages live at exactly these spec
 * routes, and some hosts (Cloudflare) apply a rule even where a file exists. Exact rules come first
 * and prefix rules longest first, so a host reading top-down and `redirectFor` (exact, then longest
 * prefix) give the same answer.
 */
export function forwardRules(index: RouteIndex): ForwardRule[] {
  const active = index.site.active.id;
  const spec: SeasonRef = { id: active, active: true };
  const past = (seasonId: number): SeasonRef => ({ id: seasonId, active: false });
  const lookup = routeLookup(index);
  const exact: ForwardRule[] = [];
  const prefix: ForwardRule[] = [];
  const under = (from: string, to: string) =>
    prefix.push({ from: `${from}/*`, to: `${to}/:splat` });
  // a team's folder: /sbsa/stats/team/{id} (its roster page is …/players, its players' pages …/player/{id})
  const teamRoot = (season: SeasonRef, teamId: number) =>
    paths.teamPlayers(season, teamId).replace(/\/players$/, '');

  for (const league of index.leagues) {
    if (league.seasonId === active) continue;
    const season = past(league.seasonId);
    exact.push({
      from: paths.leagueSchedule(spec, league.id),
      to: paths.leagueSchedule(season, league.id),
    });
    under(paths.leagueSchedule(spec, league.id), paths.leagueSchedule(season, league.id));
    under(`${paths.gameResults(spec)}/${league.id}`, `${paths.gameResults(season)}/${league.id}`);
  }

  // newest season first (the route index lists seasons newest first)
  const order = new Map(index.site.seasons.map((s, i) => [s.id, i]));
  const newest = (seasons: Iterable<number>) =>
    [...seasons].reduce((a, b) =>
      (order.get(a) ?? Infinity) <= (order.get(b) ?? Infinity) ? a : b,
    );
  const teams = new Map<number, Set<number>>();
  for (const t of index.seasonTeams) {
    const set = teams.get(t.teamId);
    if (set) set.add(t.seasonId);
    else teams.set(t.teamId, new Set([t.seasonId]));
  }
  const teamPlayers = new Map<number, Map<number, Set<number>>>();
  for (const p of index.seasonPlayers) {
    let players = teamPlayers.get(p.teamId);
    if (!players) {
      players = new Map();
      teamPlayers.set(p.teamId, players);
    }
    const seasons = players.get(p.playerId);
    if (seasons) seasons.add(p.seasonId);
    else players.set(p.playerId, new Set([p.seasonId]));
  }

  for (const [teamId, seasons] of [...teams].sort((a, b) => a[0] - b[0])) {
    const inActive = lookup.seasonHasTeam(active, teamId);
    const teamLatest = inActive ? active : newest(seasons);
    if (!inActive) under(teamRoot(spec, teamId), teamRoot(past(teamLatest), teamId));
    const players = [...(teamPlayers.get(teamId) ?? [])].sort((a, b) => a[0] - b[0]);
    for (const [playerId, playerSeasons] of players) {
      if (playerSeasons.has(active)) continue;
      const latest = newest(playerSeasons);
      // the team's prefix rule already sends this player to his latest season with the team
      if (!inActive && latest === teamLatest) continue;
      exact.push({
        from: paths.player(spec, teamId, playerId),
        to: paths.player(past(latest), teamId, playerId),
      });
    }
  }

  prefix.sort((a, b) => b.from.length - a.from.length || (a.from < b.from ? -1 : 1));
  return [...exact, ...prefix];
}

/** The `_redirects` file (Netlify / Cloudflare Pages format) for the rules. */
export function redirectsFile(rules: readonly ForwardRule[]): string {
  const head = [
    "# Permanent addresses of past seasons' pages (docs/decisions/016-csv-on-demand-and-redirect-rules.md).",
    '# Exact rules first, then prefix rules longest first; no rule matches a file of this build.',
  ];
  return `${[...head, ...rules.map((r) => `${r.from} ${r.to} 301`)].join('\n')}\n`;
}
