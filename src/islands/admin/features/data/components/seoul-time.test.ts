import { describe, expect, it } from 'vitest';
import { seoulTime } from './seoul-time.ts';

describe('seoulTime', () => {
  it('shows the time in Asia/Seoul, across the date line', () => {
    expect(seoulTime('2026-03-01T18:05:09Z')).toBe('2026. 03. 02. 03:05:09');
    expect(seoulTime('2026-03-01T00:00:00.000Z')).toBe('2026. 03. 01. 09:00:00');
  });
});
