import { describe, expect, it } from 'vitest';
import { matchTeam } from './schedules.ts';
import { normalizeName } from '../sheets/sheet-cells.ts';

describe('schedule file cells', () => {
  it('matches team names ignoring spaces and case, and short names', () => {
    const teams = [
      { id: 1, name: '서울 레드삭스', short_name: '레드삭스' },
      { id: 2, name: 'Busan Gulls', short_name: '' },
    ];
    expect(normalizeName(' 서울  레드삭스 ')).toBe('서울레드삭스');
    expect(matchTeam('서울레드삭스', teams)?.id).toBe(1);
    expect(matchTeam('레드 삭스', teams)?.id).toBe(1);
    expect(matchTeam('busan gulls', teams)?.id).toBe(2);
    expect(matchTeam('', teams)).toBeNull();
    expect(matchTeam('레드', teams)).toBeNull();
  });
});
