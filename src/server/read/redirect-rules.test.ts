import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { paths } from '../../lib/paths.ts';
import type { SeasonRef } from '../../lib/paths.ts';
import { parseRedirects, redirectFor } from '../publish/redirects.ts';
import type { LoadedSite } from '../publish/static-site.ts';
import { forwardRules, redirectsFile } from './redirect-rules.ts';
import { publicPagePaths } from './page-list.ts';
import type { RouteIndex } from './route-index.ts';

interface Shape {
  /** season ids, newest first */
  seasons: number[];
  active: number;
  leagues: { id: number; seasonId: number; teams: number[]; games: number[] }[];
  /** [seasonId, teamId, playerId] */
  players: [number, number, number][];
}

function indexOf(shape: Shape): RouteIndex {
  const seasonTeams = new Map<string, { seasonId: number; teamId: number }>();
  for (const l of shape.leagues)
    for (const teamId of l.teams)
      seasonTeams.set(`${l.seasonId}:${teamId}`, { seasonId: l.seasonId, teamId });
  for (const [seasonId, teamId] of shape.players)
    seasonTeams.set(`${seasonId}:${teamId}`, { seasonId, teamId });
  const seasons = shape.seasons.map((id, i) => ({
    id,
    name: `${2030 - i} 시즌`,
    year: 2030 - i,
    active: id === shape.active,
  }));
  return {
    site: {
      association: { id: 1, path: 'sbsa', name: '협회', shortName: 'SBSA' },
      seasons,
      active: seasons.find((s) => s.active)!,
    },
    leagues: shape.leagues.map((l) => ({ id: l.id, seasonId: l.seasonId, divisionId: null })),
    leagueTeams: shape.leagues.flatMap((l) =>
      l.teams.map((teamId) => ({ leagueId: l.id, teamId, seasonId: l.seasonId })),
    ),
    games: shape.leagues.flatMap((l) =>
      l.games.map((id) => ({ id, leagueId: l.id, seasonId: l.seasonId })),
    ),
    seasonTeams: [...seasonTeams.values()],
    seasonPlayers: shape.players.map(([seasonId, teamId, playerId]) => ({
      seasonId,
      teamId,
      playerId,
    })),
    players: [...new Set(shape.players.map((p) => p[2]))].sort((a, b) => a - b),
    notices: [],
    noticePages: 1,
  };
}

/** What the forwarding pages said: every old spec address of a past season's page and its season copy. */
function forwardingPages(index: RouteIndex): Map<string, string> {
  const active = index.site.active.id;
  const spec: SeasonRef = { id: active, active: true };
  const ref = (id: number): SeasonRef => ({ id, active: id === active });
  const newest = (has: (s: number) => boolean) => index.site.seasons.find((s) => has(s.id))!.id;
  const out = new Map<string, string>();
  for (const l of index.leagues)
    if (l.seasonId !== active)
      out.set(paths.leagueSchedule(spec, l.id), paths.leagueSchedule(ref(l.seasonId), l.id));
  for (const lt of index.leagueTeams)
    if (lt.seasonId !== active)
      out.set(
        paths.teamSchedule(spec, lt.leagueId, lt.teamId),
        paths.teamSchedule(ref(lt.seasonId), lt.leagueId, lt.teamId),
      );
  for (const g of index.games)
    if (g.seasonId !== active)
      out.set(
        paths.boxScore(spec, g.leagueId, g.id),
        paths.boxScore(ref(g.seasonId), g.leagueId, g.id),
      );
  const hasTeam = (s: number, t: number) =>
    index.seasonTeams.some((x) => x.seasonId === s && x.teamId === t);
  for (const teamId of new Set(index.seasonTeams.map((t) => t.teamId))) {
    if (!hasTeam(active, teamId))
      out.set(
        paths.teamPlayers(spec, teamId),
        paths.teamPlayers(ref(newest((s) => hasTeam(s, teamId))), teamId),
      );
  }
  for (const p of index.seasonPlayers) {
    const here = (s: number) =>
      index.seasonPlayers.some(
        (x) => x.seasonId === s && x.teamId === p.teamId && x.playerId === p.playerId,
      );
    if (!here(active))
      out.set(
        paths.player(spec, p.teamId, p.playerId),
        paths.player(ref(newest(here)), p.teamId, p.playerId),
      );
  }
  return out;
}

const siteOf = (index: RouteIndex): LoadedSite => ({
  id: 't',
  files: new Map(),
  pages: 0,
  redirects: parseRedirects(redirectsFile(forwardRules(index))),
});

const SHAPE: Shape = {
  seasons: [3, 2, 1],
  active: 3,
  leagues: [
    { id: 1, seasonId: 1, teams: [10, 20, 30], games: [100, 101] },
    { id: 2, seasonId: 2, teams: [10, 20], games: [200] },
    { id: 3, seasonId: 3, teams: [10, 40], games: [300] },
  ],
  players: [
    [3, 10, 1],
    [2, 10, 1], // on team 10 now
    [2, 10, 2], // left team 10 after season 2
    [1, 10, 3], // left team 10 after season 1
    [2, 20, 4],
    [1, 20, 5],
    [1, 20, 6],
    [2, 20, 6], // team 20 played until season 2
    [1, 30, 7], // team 30 played in season 1 only
    [3, 40, 8],
  ],
};

describe('forwardRules', () => {
  it('writes a few rules per past league and per past team instead of a page per address', () => {
    const rules = forwardRules(indexOf(SHAPE));
    expect(rules).toEqual([
      { from: '/sbsa/schedule/league/1', to: '/sbsa/season/1/schedule/league/1' },
      { from: '/sbsa/schedule/league/2', to: '/sbsa/season/2/schedule/league/2' },
      // team 10 is in the active season: its past players one by one
      { from: '/sbsa/stats/team/10/player/2', to: '/sbsa/season/2/stats/team/10/player/2' },
      { from: '/sbsa/stats/team/10/player/3', to: '/sbsa/season/1/stats/team/10/player/3' },
      // team 20's prefix leads to season 2; player 5 was there only in season 1
      { from: '/sbsa/stats/team/20/player/5', to: '/sbsa/season/1/stats/team/20/player/5' },
      { from: '/sbsa/schedule/league/1/*', to: '/sbsa/season/1/schedule/league/1/:splat' },
      { from: '/sbsa/schedule/league/2/*', to: '/sbsa/season/2/schedule/league/2/:splat' },
      { from: '/sbsa/result/game/1/*', to: '/sbsa/season/1/result/game/1/:splat' },
      { from: '/sbsa/result/game/2/*', to: '/sbsa/season/2/result/game/2/:splat' },
      { from: '/sbsa/stats/team/20/*', to: '/sbsa/season/2/stats/team/20/:splat' },
      { from: '/sbsa/stats/team/30/*', to: '/sbsa/season/1/stats/team/30/:splat' },
    ]);
    const file = redirectsFile(rules);
    expect(file.split('\n').filter((l) => l && !l.startsWith('#'))).toHaveLength(rules.length);
    expect(file).toContain('\n/sbsa/result/game/1/* /sbsa/season/1/result/game/1/:splat 301\n');
  });

  it('sends every address a forwarding page had to the same season copy', () => {
    const index = indexOf(SHAPE);
    const site = siteOf(index);
    const pages = forwardingPages(index);
    expect(pages.size).toBe(18);
    for (const [from, to] of pages) expect(redirectFor(site, from), from).toBe(to);
  });

  it('writes nothing for a single season', () => {
    expect(
      forwardRules(
        indexOf({
          seasons: [1],
          active: 1,
          leagues: [{ id: 1, seasonId: 1, teams: [1], games: [1] }],
          players: [[1, 1, 1]],
        }),
      ),
    ).toEqual([]);
  });

  it('for any history: same targets as the forwarding pages, and no rule over a page of the build', () => {
    const shape = fc
      .integer({ min: 1, max: 4 })
      .chain((seasonCount) => {
        const seasonIds = Array.from({ length: seasonCount }, (_, i) => seasonCount - i);
        const season = fc.constantFrom(...seasonIds);
        return fc.record({
          seasons: fc.constant(seasonIds),
          active: season,
          leagues: fc.uniqueArray(
            fc.record({
              id: fc.integer({ min: 1, max: 9 }),
              seasonId: season,
              teams: fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 4 }),
              games: fc.uniqueArray(fc.integer({ min: 1, max: 99 }), { maxLength: 3 }),
            }),
            { selector: (l) => l.id, maxLength: 6 },
          ),
          players: fc.uniqueArray(
            fc.tuple(season, fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 12 })),
            { selector: (p) => p.join(':'), maxLength: 25 },
          ),
        });
      })
      .map((s) => {
        // game ids are unique across leagues
        const seen = new Set<number>();
        return {
          ...s,
          leagues: s.leagues.map((l) => ({
            ...l,
            games: l.games.filter((g) => !seen.has(g) && seen.add(g)),
          })),
        };
      });
    fc.assert(
      fc.property(shape, (s) => {
        const index = indexOf(s);
        const site = siteOf(index);
        for (const [from, to] of forwardingPages(index))
          expect(redirectFor(site, from), from).toBe(to);
        for (const page of publicPagePaths(index))
          expect(redirectFor(site, page), page).toBeUndefined();
        // only past seasons' ids
        for (const rule of forwardRules(index)) expect(rule.to).toMatch(/^\/sbsa\/season\/\d+\//);
      }),
      { numRuns: 300 },
    );
  });
});
