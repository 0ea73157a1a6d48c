import { describe, expect, it } from 'vitest';
import { leagueWithSeason } from './season-words.ts';

describe('leagueWithSeason', () => {
  const season = { name: '2026 시즌', year: 2026 };
  it('does not repeat the year a league name already has', () => {
    expect(leagueWithSeason(season, '2026 여자부 리그')).toBe('2026 여자부 리그');
  });
  it('adds the season to a league name without its year', () => {
    expect(leagueWithSeason(season, '여자부 리그')).toBe('2026 시즌 여자부 리그');
  });
});
