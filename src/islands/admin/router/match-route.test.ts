import { describe, expect, it } from 'vitest';
import { compilePattern, matchRoute } from './match-route.ts';

describe('matchRoute', () => {
  const routes = [
    { pattern: '/admin/league/list', name: 'list' },
    { pattern: '/admin/league/:seasonId/:leagueId/teams', name: 'teams' },
    { pattern: '/admin/league/game/write/:leagueId/:gameId', name: 'write' },
    { pattern: '/admin/notice/write/:wrId?', name: 'notice' },
  ];

  it('matches fixed and parameterised paths', () => {
    expect(matchRoute(routes, '/admin/league/list')?.route.name).toBe('list');
    expect(matchRoute(routes, '/admin/league/3/12/teams')).toEqual({
      route: routes[1],
      params: { seasonId: '3', leagueId: '12' },
    });
    expect(matchRoute(routes, '/admin/league/game/write/4/99')?.params).toEqual({
      leagueId: '4',
      gameId: '99',
    });
  });

  it('handles an optional parameter and a trailing slash', () => {
    expect(matchRoute(routes, '/admin/notice/write')?.params).toEqual({});
    expect(matchRoute(routes, '/admin/notice/write/')?.params).toEqual({});
    expect(matchRoute(routes, '/admin/notice/write/7')?.params).toEqual({ wrId: '7' });
  });

  it('refuses non-numeric ids and unknown paths', () => {
    expect(matchRoute(routes, '/admin/league/x/12/teams')).toBeNull();
    expect(matchRoute(routes, '/admin/nowhere')).toBeNull();
    expect(compilePattern('/admin/a.b')('/admin/aXb')).toBeNull();
  });
});
