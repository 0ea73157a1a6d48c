import { describe, expect, it } from 'vitest';
import { doubleRoundRobin } from './round-robin.ts';

describe('doubleRoundRobin', () => {
  for (const n of [4, 5, 6, 7, 8]) {
    it(`pairs ${n} teams twice, once at each home, at most once per round`, () => {
      const teams = Array.from({ length: n }, (_, i) => i + 1);
      const games = doubleRoundRobin(teams);
      expect(games).toHaveLength(n * (n - 1));
      for (const a of teams) {
        for (const b of teams)
          if (a !== b) expect(games.filter((g) => g.home === a && g.away === b)).toHaveLength(1);
        expect(games.filter((g) => g.home === a)).toHaveLength(n - 1);
      }
      const rounds = new Set(games.map((g) => g.round));
      expect(rounds.size).toBe(n % 2 === 0 ? 2 * (n - 1) : 2 * n);
      for (const r of rounds) {
        const playing = games.filter((g) => g.round === r).flatMap((g) => [g.home, g.away]);
        expect(new Set(playing).size).toBe(playing.length);
      }
    });
  }
});
