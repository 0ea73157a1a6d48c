import { describe, expect, it } from 'vitest';
import { plateAppearances } from './plate-appearances.ts';

describe('plateAppearances', () => {
  it('adds at-bats, walks, hit-by-pitches and sacrifices', () => {
    expect(plateAppearances({ ab: 3, bb: 1, hbp: 1, sh: 1, sf: 1 })).toBe(7);
    expect(plateAppearances({ ab: 0, bb: 0, hbp: 0, sh: 0, sf: 0 })).toBe(0);
  });
});
