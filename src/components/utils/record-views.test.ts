import { describe, expect, it } from 'vitest';
import { RECORD_VIEWS, sortRows } from './record-views.ts';
import { battingRates, emptyBatting } from '../../lib/stats/index.ts';
import type { BatterTotals } from '../../server/read/player-lines.ts';

const team = { id: 1, name: '서울 블루윙즈', shortName: '블루윙즈' };
const batter = (name: string, ab: number, h: number, hr: number, qualified: boolean) => {
  const line = { ...emptyBatting(), pa: ab, ab, h, hr };
  return {
    player: { id: name.length, name, teamId: 1, backNumber: null },
    team,
    games: 3,
    line,
    rates: battingRates(line),
    qualified,
  } as BatterTotals & { qualified: boolean };
};
const view = (key: string) => RECORD_VIEWS.find((v) => v.key === key)!;

describe('records room sort orders', () => {
  const rows = [
    batter('김하나', 10, 3, 0, true),
    batter('이두리', 10, 5, 2, true),
    batter('박세나', 2, 2, 1, false),
    batter('최네리', 0, 0, 0, false),
  ];

  it('orders AVG among qualified batters only, and among everyone in the -all view', () => {
    expect(sortRows(rows, view('batting-avg')).map((r) => r.player.name)).toEqual([
      '이두리',
      '김하나',
    ]);
    expect(sortRows(rows, view('batting-avg-all')).map((r) => r.player.name)).toEqual([
      '박세나',
      '이두리',
      '김하나',
      '최네리', // no AVG without an at-bat: last
    ]);
  });

  it('orders counts among everyone, ties by name', () => {
    expect(sortRows(rows, view('batting-hr')).map((r) => r.player.name)).toEqual([
      '이두리',
      '박세나',
      '김하나',
      '최네리',
    ]);
  });

  it('has unique keys, ERA and WHIP ascending', () => {
    expect(new Set(RECORD_VIEWS.map((v) => v.key)).size).toBe(RECORD_VIEWS.length);
    expect(view('pitching-era').direction).toBe('asc');
    expect(view('pitching-whip-all').direction).toBe('asc');
  });
});
