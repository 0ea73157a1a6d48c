import { describe, expect, it } from 'vitest';
import { teamMatches } from './schedules.ts';
import { normalizeName } from '../sheets/sheet-cells.ts';

describe('schedule file cells', () => {
  it('matches team names ignoring spaces and case, and short names', () => {
    const teams = [
      { id: 1, name: '서울 레드삭스', short_name: '레드삭스' },
      { id: 2, name: 'Busan Gulls', short_name: '' },
    ];
    expect(normalizeName(' 서울  레드삭스 ')).toBe('서울레드삭스');
    const ids = (text: string) => teamMatches(text, teams).map((t) => t.id);
    expect(ids('서울레드삭스')).toEqual([1]);
    expect(ids('레드 삭스')).toEqual([1]);
    expect(ids('busan gulls')).toEqual([2]);
    expect(ids('')).toEqual([]);
    expect(ids('레드')).toEqual([]);
    // an old league with two teams of one short name: both, so the file row is refused as unclear
    expect(ids('레드삭스')).toEqual([1]);
    expect(
      teamMatches('삭스', [
        ...teams,
        { id: 3, name: '대구 삭스', short_name: '삭스' },
        { id: 4, name: '인천 삭스', short_name: '삭스' },
      ]).map((t) => t.id),
    ).toEqual([3, 4]);
  });
});
