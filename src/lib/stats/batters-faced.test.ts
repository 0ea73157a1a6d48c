import { describe, expect, it } from 'vitest';
import { battersFaced } from './batters-faced.ts';

const line = (bf: number | null, outs: number, h = 0, bb = 0, hbp = 0) => ({
  bf,
  outs,
  h,
  bb,
  hbp,
});

describe('battersFaced', () => {
  it('gives a lone pitcher the other side’s plate appearances', () => {
    expect(battersFaced([line(null, 21, 8, 1)], 30)).toEqual([30]);
  });

  it('keeps typed lines and lets the last blank one take what is left', () => {
    // 18 outs + 5 reached = 23 for the starter; the reliever takes 27 − 23 = 4
    expect(battersFaced([line(null, 18, 4, 1), line(null, 3, 1)], 27)).toEqual([23, 4]);
    expect(battersFaced([line(24, 18, 4, 1), line(null, 3, 1)], 27)).toEqual([24, 3]);
    expect(battersFaced([line(24, 18, 4, 1), line(5, 3, 1)], 27)).toEqual([24, 5]);
  });

  it('never leaves a pitcher fewer batters than reached base against him', () => {
    // plate appearances not typed yet (0): each blank line is its outs plus the batters who reached
    expect(battersFaced([line(null, 18, 4, 1), line(null, 3, 1)], 0)).toEqual([23, 4]);
  });
});
