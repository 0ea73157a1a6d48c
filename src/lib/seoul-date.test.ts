import { describe, expect, it } from 'vitest';
import { seoulToday } from './seoul-date.ts';

describe('seoulToday', () => {
  it('turns over at midnight in Korea, 15:00 UTC', () => {
    expect(seoulToday(new Date('2024-03-01T14:59:59Z'))).toBe('2024-03-01');
    expect(seoulToday(new Date('2024-03-01T15:00:00Z'))).toBe('2024-03-02');
  });
});
