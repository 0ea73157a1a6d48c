import { describe, expect, it } from 'vitest';
import { groupByMonth } from './group-games.ts';

describe('groupByMonth', () => {
  it('groups games by month and day, keeping their order', () => {
    const games = [
      { date: '2026-04-04', id: 1 },
      { date: '2026-04-04', id: 2 },
      { date: '2026-04-05', id: 3 },
      { date: '2026-05-01', id: 4 },
    ];
    const months = groupByMonth(games);
    expect(months.map((m) => m.key)).toEqual(['2026-04', '2026-05']);
    expect(months[0].days.map((d) => [d.date, d.games.map((g) => g.id)])).toEqual([
      ['2026-04-04', [1, 2]],
      ['2026-04-05', [3]],
    ]);
  });

  it('gives nothing for no games', () => {
    expect(groupByMonth([])).toEqual([]);
  });
});
