import { describe, expect, it } from 'vitest';
import { groupByMonth, openMonthKey } from './group-games.ts';

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

describe('openMonthKey', () => {
  const keys = ['2026-04', '2026-05', '2026-09', '2026-11'];
  it("opens at today's month when it has games", () => {
    expect(openMonthKey(keys, '2026-11-21')).toBe('2026-11');
  });
  it('opens at the next month with games in a month without any', () => {
    expect(openMonthKey(keys, '2026-07-02')).toBe('2026-09');
    expect(openMonthKey(keys, '2026-01-10')).toBe('2026-04');
  });
  it('opens at the last month once the season is over, and at nothing without games', () => {
    expect(openMonthKey(keys, '2026-12-24')).toBe('2026-11');
    expect(openMonthKey([], '2026-12-24')).toBeNull();
  });
});
