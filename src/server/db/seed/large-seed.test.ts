import { describe, expect, it } from 'vitest';
import { buildLargeData } from './large-seed.ts';

describe('the bench association', () => {
  it('gives the teams of a league distinct short names, as the console requires', () => {
    const { rows } = buildLargeData({ firstYear: 2023, targetTeams: 90 });
    const shortName = new Map(rows.teams.map((t) => [t.id, t.short_name ?? t.name]));
    const byLeague = new Map<number, string[]>();
    for (const lt of rows.league_teams) {
      const names = byLeague.get(lt.league_id) ?? [];
      names.push(shortName.get(lt.team_id)!);
      byLeague.set(lt.league_id, names);
    }
    expect(byLeague.size).toBeGreaterThan(10);
    for (const [leagueId, names] of byLeague)
      expect(new Set(names).size, `league ${leagueId}: ${names.join(', ')}`).toBe(names.length);
  });
});
