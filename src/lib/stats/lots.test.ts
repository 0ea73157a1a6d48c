import { describe, expect, it } from 'vitest';
import { drawLots } from './lots.ts';

describe('drawLots', () => {
  it('is a permutation of the ids', () => {
    expect(drawLots([3, 1, 2]).slice().sort()).toEqual([1, 2, 3]);
  });

  it('does not depend on the order the ids come in', () => {
    expect(drawLots(['A', 'B', 'C', 'D'], 2025)).toEqual(drawLots(['D', 'C', 'B', 'A'], 2025));
  });

  it('gives the same draw every time for the same seed', () => {
    const ids = [11, 12, 13, 14, 15];
    expect(drawLots(ids, 'league-7')).toEqual(drawLots(ids, 'league-7'));
  });

  it('changes with the seed', () => {
    const ids = Array.from({ length: 8 }, (_, i) => i + 1);
    const draws = new Set([0, 1, 2, 3, 4].map((seed) => drawLots(ids, seed).join(',')));
    expect(draws.size).toBeGreaterThan(1);
  });
});
