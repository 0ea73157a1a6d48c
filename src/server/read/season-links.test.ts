import { describe, expect, it } from 'vitest';
import { seasonEquivalent, seasonLinks } from './season-links.ts';
import type { RouteIndex } from './route-index.ts';
import { publicPagePaths } from './page-list.ts';

const index: RouteIndex = {
  site: {
    association: { id: 1, path: 'sbsa', name: '대한소프트볼협회', shortName: 'SBSA' },
    seasons: [
      { id: 2, name: '2026 시즌', year: 2026, active: true },
      { id: 1, name: '2025 시즌', year: 2025, active: false },
    ],
    active: { id: 2, name: '2026 시즌', year: 2026, active: true },
  },
  leagues: [
    { id: 10, seasonId: 1, divisionId: 7 },
    { id: 20, seasonId: 2, divisionId: 7 },
    { id: 21, seasonId: 2, divisionId: 8 },
  ],
  leagueTeams: [
    { leagueId: 10, teamId: 100, seasonId: 1 },
    { leagueId: 20, teamId: 100, seasonId: 2 },
    { leagueId: 21, teamId: 200, seasonId: 2 },
  ],
  games: [
    { id: 1000, leagueId: 20, seasonId: 2 },
    { id: 900, leagueId: 10, seasonId: 1 },
  ],
  seasonTeams: [
    { seasonId: 1, teamId: 100 },
    { seasonId: 2, teamId: 100 },
    { seasonId: 2, teamId: 200 },
  ],
  seasonPlayers: [
    { seasonId: 2, teamId: 100, playerId: 5 },
    { seasonId: 1, teamId: 100, playerId: 5 },
    { seasonId: 2, teamId: 200, playerId: 6 },
  ],
  players: [5, 6],
  notices: [3, 4],
  noticePages: 1,
};
const past = { id: 1, active: false };

describe('seasonEquivalent', () => {
  it('keeps list pages and moves them to the other season', () => {
    expect(seasonEquivalent(index, { kind: 'gameSchedule' }, past)).toBe(
      '/sbsa/season/1/schedule/game',
    );
    expect(seasonEquivalent(index, { kind: 'other' }, past)).toBe('/sbsa/season/1');
  });

  it("finds the same division's league and the same team in it", () => {
    expect(seasonEquivalent(index, { kind: 'leagueSchedule', leagueId: 20 }, past)).toBe(
      '/sbsa/season/1/schedule/league/10',
    );
    expect(seasonEquivalent(index, { kind: 'teamSchedule', leagueId: 20, teamId: 100 }, past)).toBe(
      '/sbsa/season/1/schedule/league/10/100',
    );
    expect(seasonEquivalent(index, { kind: 'leagueSchedule', leagueId: 21 }, past)).toBe(
      '/sbsa/season/1/schedule/league',
    );
  });

  it('falls back to the nearest list when the page has no copy there', () => {
    expect(seasonEquivalent(index, { kind: 'boxScore', leagueId: 20, gameId: 1000 }, past)).toBe(
      '/sbsa/season/1/result/game',
    );
    expect(seasonEquivalent(index, { kind: 'teamPlayers', teamId: 200 }, past)).toBe(
      '/sbsa/season/1/stats/teams',
    );
    expect(seasonEquivalent(index, { kind: 'player', teamId: 200, playerId: 6 }, past)).toBe(
      '/sbsa/season/1/stats/teams',
    );
  });

  it('follows a player to his page in the other season', () => {
    expect(seasonEquivalent(index, { kind: 'player', teamId: 100, playerId: 5 }, past)).toBe(
      '/sbsa/season/1/stats/team/100/player/5',
    );
  });
});

describe('seasonLinks', () => {
  it('offers every season, the page itself for its own season', () => {
    expect(seasonLinks(index, { kind: 'boxScore', leagueId: 20, gameId: 1000 })).toEqual([
      { id: 2, name: '2026 시즌', active: true, href: '/sbsa/result/game/20/1000' },
      { id: 1, name: '2025 시즌', active: false, href: '/sbsa/season/1/result/game' },
    ]);
  });
});

describe('publicPagePaths', () => {
  it('lists every page once', () => {
    const list = publicPagePaths(index);
    expect(new Set(list).size).toBe(list.length);
    expect(list).toContain('/sbsa');
    expect(list).toContain('/sbsa/season/1/result/game/10/900');
    expect(list).toContain('/sbsa/stats/team/200/player/6');
    expect(list).toContain('/sbsa/notice/4');
    expect(list).toContain('/policy/privacy');
  });
});
