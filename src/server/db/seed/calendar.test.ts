import { describe, expect, it } from 'vitest';
import { latestDate } from './calendar.ts';

describe('latestDate', () => {
  it('gives the latest of the dates, in any order, across months and years', () => {
    expect(latestDate(['2026-05-09', '2026-10-31', '2026-09-30'])).toBe('2026-10-31');
    expect(latestDate(['2027-01-02', '2026-12-31'])).toBe('2027-01-02');
  });

  it('gives an empty text for no dates and leaves the list as it was', () => {
    expect(latestDate([])).toBe('');
    const dates = ['2026-06-01', '2026-04-01'];
    latestDate(dates);
    expect(dates).toEqual(['2026-06-01', '2026-04-01']);
  });
});
